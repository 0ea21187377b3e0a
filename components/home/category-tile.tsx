import Link from 'next/link';

export function CategoryTile({ image, label, href }: { image: string; label: string; href: string }) {
  return (
    <Link href={href} className="group relative block overflow-hidden rounded focus-visible:outline-offset-4">
      {/* eslint-disable-next-line @next/next/no-img-element -- local SVG artwork */}
      <img src={image} alt="" loading="lazy" width={600} height={800} className="aspect-[3/4] w-full object-cover transition duration-300 group-hover:scale-105" />
      <span className="absolute inset-x-0 bottom-6 text-center font-display text-xl text-white uppercase drop-shadow-[0_2px_4px_rgba(0,0,0,0.8)] md:text-3xl">
        {label}
      </span>
    </Link>
  );
}
