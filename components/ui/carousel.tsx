'use client';

import useEmblaCarousel from 'embla-carousel-react';
import { Children, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Wrap from the last slide to the first. Off by default: arrows that stop show where the slides end. */
  loop?: boolean;
  align?: 'start' | 'center';
  arrows?: boolean;
  dots?: boolean;
  /** Width of one slide as a Tailwind class, e.g. 'basis-full' or 'basis-1/2 md:basis-1/4'. */
  slideClassName?: string;
  /** Gap between slides in px. */
  gap?: number;
  tone?: 'light' | 'dark';
}

/**
 * The one carousel of the site (hero slides, categories, testimonials): embla with arrows,
 * dots, swipe and the keyboard's arrow keys. It never auto-plays.
 */
export function Carousel({
  label,
  children,
  loop = false,
  align = 'start',
  arrows = true,
  dots = true,
  slideClassName = 'basis-full',
  gap = 0,
  tone = 'dark',
}: CarouselProps) {
  const slides = Children.toArray(children);
  const [viewportRef, embla] = useEmblaCarousel({ loop, align, duration: 22 });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);

  const sync = useCallback(() => {
    if (!embla) return;
    setSelected(embla.selectedScrollSnap());
    setSnaps(embla.scrollSnapList());
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    // Embla has measured the slides by the next frame; read its first state then.
    const frame = requestAnimationFrame(sync);
    embla.on('select', sync).on('reInit', sync);
    return () => {
      cancelAnimationFrame(frame);
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      embla?.scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      embla?.scrollNext();
    }
  }

  const buttonTone = tone === 'dark' ? 'bg-black/55 text-white hover:bg-black/75' : 'bg-white/90 text-ink hover:bg-white';
  const dotCount = snaps.length || slides.length;

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative" onKeyDown={onKeyDown} tabIndex={0}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" style={{ marginLeft: -gap }}>
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 ${slideClassName}`}
              style={{ paddingLeft: gap }}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {arrows ? (
        <>
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            disabled={!canPrev}
            aria-label="Previous slide"
            className={`absolute top-1/2 left-2 -translate-y-1/2 rounded-full p-3 shadow disabled:opacity-30 ${buttonTone}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 fill-current">
              <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            disabled={!canNext}
            aria-label="Next slide"
            className={`absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-3 shadow disabled:opacity-30 ${buttonTone}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 fill-current">
              <path d="M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z" />
            </svg>
          </button>
        </>
      ) : null}
      {dots && dotCount > 1 ? (
        <div className="mt-4 flex justify-center gap-1" role="group" aria-label="Choose a slide">
          {Array.from({ length: dotCount }, (_, i) => (
            <button
              key={i}
              type="button"
              onClick={() => embla?.scrollTo(i)}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              className="group grid h-6 w-6 place-items-center"
            >
              <span className={`block h-3 w-3 rounded-full transition ${i === selected ? 'bg-gold' : 'bg-gray-300 group-hover:bg-gray-400'}`} />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
