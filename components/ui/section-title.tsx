interface SectionTitleProps {
  heading: string;
  subHeading: string;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  id?: string;
}

/** The Bistro section header: a gold italic subheading over an upper-case heading between rules. */
export function SectionTitle({ heading, subHeading, inverted, id }: SectionTitleProps) {
  return (
    <div className="mx-auto my-10 max-w-md text-center">
      <p className={`mb-3 italic ${inverted ? 'text-gold-bright' : 'text-gold'}`}>---{subHeading}---</p>
      <h2
        id={id}
        className={`border-y-4 py-4 font-display text-3xl uppercase md:text-4xl ${
          inverted ? 'border-white/70 text-white' : 'border-gray-200 text-ink'
        }`}
      >
        {heading}
      </h2>
    </div>
  );
}
