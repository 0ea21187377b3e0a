import localFont from 'next/font/local';

// The display face (the brand, headings), self-hosted from @fontsource: nothing is fetched from a
// font CDN at build or run time. Body text is the device's own UI font (globals.css): no download,
// nothing to swap. A 49 KB body font was the last file a phone waited for before its first paint.
export const cinzel = localFont({
  src: [
    { path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-400-normal.woff2', weight: '400' },
    { path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-700-normal.woff2', weight: '700' },
  ],
  variable: '--font-cinzel',
  display: 'swap',
});
