/** The dashboard page heading; tighter on phones, where the page's content must start in the first screen. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="mb-4 text-center md:mb-8">
      {subtitle ? <p className="mb-1 text-sm text-gold italic md:mb-2 md:text-base">---{subtitle}---</p> : null}
      <h1 className="mx-auto inline-block border-y-4 border-gray-200 px-4 py-2 font-display text-2xl uppercase md:px-8 md:py-3 md:text-3xl">{title}</h1>
    </header>
  );
}
