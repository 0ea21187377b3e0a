#!/bin/sh
# Regenerates app/fonts/cinzel-*.woff2: Cinzel's Latin files cut to the characters a restaurant's
# headings use (ASCII, Latin-1 letters for names like "Crème brûlée", typographic quotes and dashes,
# the euro and pound signs). Each file then fits in the first TCP window (about 14 KB), so a phone
# gets it in one round trip instead of two. Characters outside the set fall back to the next face in
# --font-display (ui-serif, Georgia).
#
# Needs fontTools with Brotli (pip install fonttools brotli); run it only when the set changes.
set -eu
cd "$(dirname "$0")/.."
source_dir=node_modules/@fontsource/cinzel/files
unicodes='U+0020-007E,U+00A0,U+00A3,U+00A9,U+00B7,U+00C0-00FF,U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2022,U+2026,U+20AC'
for weight in 400 700; do
  pyftsubset "$source_dir/cinzel-latin-$weight-normal.woff2" \
    --unicodes="$unicodes" --layout-features='*' --flavor=woff2 \
    --output-file="app/fonts/cinzel-$weight.woff2"
done
cp "$source_dir/../LICENSE" app/fonts/OFL.txt
ls -l app/fonts
