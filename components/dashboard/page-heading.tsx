export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="mb-8 text-center">
      {subtitle ? <p className="mb-2 text-gold italic">---{subtitle}---</p> : null}
      <h1 className="mx-auto inline-block border-y-4 border-gray-200 px-8 py-3 font-display text-3xl uppercase">{title}</h1>
    </header>
  );
}
