import localFont from 'next/font/local';

// The display face (the brand, headings), self-hosted: nothing is fetched from a font CDN at build or
// run time. The files are @fontsource's Latin Cinzel cut by scripts/subset-cinzel.sh so that each
// fits in one TCP round trip (about 11 KB instead of 15). Body text is the device's own UI font
// (globals.css): no download, nothing to swap. A 49 KB body font was the last file a phone waited
// for before its first paint.
export const cinzel = localFont({
  src: [
    { path: './fonts/cinzel-400.woff2', weight: '400' },
    { path: './fonts/cinzel-700.woff2', weight: '700' },
  ],
  variable: '--font-cinzel',
  display: 'swap',
});
