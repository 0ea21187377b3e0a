import localFont from 'next/font/local';

// Self-hosted from @fontsource packages: nothing is fetched from a font CDN at build or run time.
export const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  weight: '100 900',
  display: 'swap',
});

export const cinzel = localFont({
  src: [
    { path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-400-normal.woff2', weight: '400' },
    { path: '../node_modules/@fontsource/cinzel/files/cinzel-latin-700-normal.woff2', weight: '700' },
  ],
  variable: '--font-cinzel',
  display: 'swap',
});
