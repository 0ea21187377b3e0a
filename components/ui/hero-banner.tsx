interface HeroBannerProps {
  image: string;
  title: string;
  text?: string;
  /** The page's main heading uses h1; category banners lower on the page use h2. */
  level?: 'h1' | 'h2';
  id?: string;
}

/**
 * A 700 px picture banner with a dark glass panel. It is no landmark of its own: the page's
 * sections (which a banner may head) are, so no two regions share a name. The picture drifts with the scroll through a
 * CSS scroll-driven animation (see .parallax-layer), and stays still for reduced motion.
 */
export function HeroBanner({ image, title, text, level = 'h2', id }: HeroBannerProps) {
  const Heading = level;
  return (
    <div className="relative flex h-[420px] items-center justify-center overflow-hidden md:h-[700px]">
      {/* eslint-disable-next-line @next/next/no-img-element -- a local SVG; the optimizer would only add work */}
      <img
        src={image}
        alt=""
        aria-hidden="true"
        width={1600}
        height={900}
        // The page's own banner (h1) is its largest paint; the ones further down wait their turn.
        loading={level === 'h1' ? 'eager' : 'lazy'}
        fetchPriority={level === 'h1' ? 'high' : 'low'}
        className="parallax-layer absolute inset-0 h-full w-full object-cover"
      />
      <div className="relative mx-4 w-full max-w-3xl bg-black/60 px-6 py-12 text-center text-white md:px-16 md:py-20">
        <Heading id={id} className="font-display text-4xl uppercase md:text-6xl">
          {title}
        </Heading>
        {text ? <p className="mx-auto mt-4 max-w-xl text-sm md:text-base">{text}</p> : null}
      </div>
    </div>
  );
}
