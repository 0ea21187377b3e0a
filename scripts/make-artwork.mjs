#!/usr/bin/env node
/**
 * Generates the SVG artwork under public/images/ and app/icon.svg.
 *
 *   node scripts/make-artwork.mjs
 *
 * Food glyphs are copied (inlined) from the Twemoji SVGs in the @twemoji/svg dev
 * dependency, so the generated files have no runtime dependency on node_modules.
 * Twemoji graphics: Copyright Twitter, Inc. and other contributors (jdecked/twemoji),
 * CC-BY 4.0. The compositions are the project's own work under the same license
 * (see public/images/CREDITS.md).
 *
 * The menu table below must stay in step with the `image` paths in lib/seed/menu-data.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TWEMOJI = join(ROOT, 'node_modules', '@twemoji', 'svg');

// ─── Twemoji glyphs ──────────────────────────────────────────────────────────
/** Emoji name → Twemoji codepoint file name. */
const E = {
  salad: '1f957', avocado: '1f951', cucumber: '1f952', tomato: '1f345', leafy: '1f96c',
  olive: '1fad2', cheese: '1f9c0', carrot: '1f955', eggplant: '1f346', corn: '1f33d',
  pear: '1f350', egg: '1f95a', shrimp: '1f364', pizza: '1f355', mushroom: '1f344',
  chili: '1f336', pepper: '1fad1', garlic: '1f9c4', onion: '1f9c5', bacon: '1f953',
  pineapple: '1f34d', herb: '1f33f', flatbread: '1fad3', stew: '1f372', bowl: '1f963',
  noodles: '1f35c', beans: '1fad8', potato: '1f954', lobster: '1f99e', cake: '1f370',
  birthday: '1f382', cupcake: '1f9c1', custard: '1f36e', doughnut: '1f369', cookie: '1f36a',
  chocolate: '1f36b', pie: '1f967', icecream: '1f368', softserve: '1f366', strawberry: '1f353',
  cherries: '1f352', blueberries: '1fad0', lemon: '1f34b', tropical: '1f379', cocktail: '1f378',
  cup: '1f964', coffee: '2615', tea: '1f375', bubbletea: '1f9cb', wine: '1f377', milk: '1f95b',
  orange: '1f34a', beer: '1f37a', clink: '1f942', spaghetti: '1f35d', steak: '1f969',
  paella: '1f958', drumstick: '1f357', fish: '1f41f', sandwich: '1f96a', burger: '1f354',
  taco: '1f32e', fries: '1f35f', baguette: '1f956', candle: '1f56f', fire: '1f525',
  chef: '1f9d1-200d-1f373', pan: '1f373', knife: '1f52a', cutlery: '1f37d', scooter: '1f6f5',
  bags: '1f6cd', grapes: '1f347', apple: '1f34e', ice: '1f9ca', takeout: '1f961', bread: '1f35e',
};

const glyphCache = new Map();
/** Inner markup of a Twemoji SVG (viewBox 0 0 36 36), numbers rounded to 2 decimals. */
function glyphInner(name) {
  const code = E[name];
  if (!code) throw new Error(`unknown emoji ${name}`);
  if (!glyphCache.has(code)) {
    const svg = readFileSync(join(TWEMOJI, `${code}.svg`), 'utf8').trim();
    const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    glyphCache.set(code, roundNumbers(inner));
  }
  return glyphCache.get(code);
}

/**
 * Shortens every number with 3+ decimals to 2 decimals (truncating the fraction only,
 * so compacted arc flags such as `a1 1 0 001.234.5` keep their leading digits).
 */
function roundNumbers(markup) {
  return markup.replace(/(\.\d{2})\d+/g, '$1');
}

// ─── SVG document helper ────────────────────────────────────────────────────
const n = (v) => String(Math.round(v * 10) / 10);

class Doc {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.defs = [];
    this.body = [];
    this.uses = [];
    this.ids = 0;
  }
  id(prefix = 'a') {
    return `${prefix}${(this.ids++).toString(36)}`;
  }
  def(markup) {
    this.defs.push(markup);
  }
  add(...parts) {
    this.body.push(...parts);
  }
  /** Linear gradient; stops = [[offset, color, opacity?], ...]. Returns url(#id). */
  linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
    const id = this.id('g');
    this.def(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
    const id = this.id('r');
    this.def(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  pattern(w, h, content, transform = '') {
    const id = this.id('p');
    this.def(
      `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }
  /**
   * An emoji glyph centred on (cx, cy), `size` px wide. Options: rot (deg), flip, opacity.
   * Returns a placeholder resolved at render time (inline when used once, <use> otherwise).
   */
  glyph(name, cx, cy, size, { rot = 0, flip = false, opacity = 1 } = {}) {
    const s = size / 36;
    const x = cx - size / 2;
    const y = cy - size / 2;
    let t = flip ? `translate(${n(x + size)} ${n(y)}) scale(${-s.toFixed(3)} ${s.toFixed(3)})` : `translate(${n(x)} ${n(y)}) scale(${+s.toFixed(3)})`;
    if (rot) t += ` rotate(${rot} 18 18)`;
    const op = opacity < 1 ? ` opacity="${opacity}"` : '';
    this.uses.push({ name, t, op });
    return `\u0000${this.uses.length - 1}\u0000`;
  }
  /** Whole pizza made of 8 slices (tips meeting at the centre), radius r. */
  wholePizza(cx, cy, r, rot = 0) {
    const s = r / 35.5;
    const parts = [];
    for (let k = 0; k < 8; k++) {
      const a = rot + k * 45;
      const i = this.uses.length;
      this.uses.push({
        name: 'pizza',
        t: `rotate(${a} ${n(cx)} ${n(cy)}) translate(${n(cx - 18 * s)} ${n(cy - 35.5 * s)}) scale(${+s.toFixed(3)})`,
        op: '',
      });
      parts.push(`\u0000${i}\u0000`);
    }
    return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.93)}" fill="#FFCC4D"/>${parts.join('')}`;
  }
  toString() {
    const counts = {};
    for (const u of this.uses) counts[u.name] = (counts[u.name] || 0) + 1;
    const defs = [...this.defs];
    for (const [name, c] of Object.entries(counts)) {
      if (c > 1) defs.push(`<g id="e${E[name]}">${glyphInner(name)}</g>`);
    }
    const body = this.body
      .join('')
      .replace(/\u0000(\d+)\u0000/g, (_, i) => {
        const u = this.uses[+i];
        return counts[u.name] > 1
          ? `<use href="#e${E[u.name]}" transform="${u.t}"${u.op}/>`
          : `<g transform="${u.t}"${u.op}>${glyphInner(u.name)}</g>`;
      });
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}">` +
      (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
      body +
      `</svg>\n`
    );
  }
}

function stopsMarkup(stops) {
  return stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined && op < 1 ? ` stop-opacity="${op}"` : ''}/>`)
    .join('');
}

// ─── Reusable scenery ───────────────────────────────────────────────────────
/** A top-view plate with a soft shadow. */
function plate(d, cx, cy, r, { rim = '#FFFFFF', rim2 = '#E7E1D8', well = '#FBF9F5' } = {}) {
  const shade = d.radial([[0.6, '#000', 0.22], [1, '#000', 0]]);
  const rimFill = d.linear([[0, rim], [1, rim2]], { x1: 0, y1: 0, x2: 1, y2: 1 });
  return (
    `<circle cx="${n(cx + r * 0.05)}" cy="${n(cy + r * 0.09)}" r="${n(r * 1.08)}" fill="${shade}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${rimFill}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.76)}" fill="${well}" stroke="#000" stroke-opacity=".06" stroke-width="${n(r * 0.03)}"/>`
  );
}

/** A plate seen at an angle (ellipse), for table scenes. */
function platePersp(d, cx, cy, rx, ry = rx * 0.36) {
  return (
    `<ellipse cx="${n(cx)}" cy="${n(cy + ry * 0.25)}" rx="${n(rx * 1.04)}" ry="${n(ry * 1.1)}" fill="#000" opacity=".25"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#F4F0EA"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy - ry * 0.05)}" rx="${n(rx * 0.74)}" ry="${n(ry * 0.7)}" fill="#FFFFFF" stroke="#000" stroke-opacity=".06" stroke-width="2"/>`
  );
}

/** A round wooden board (top view). */
function board(d, cx, cy, r) {
  const wood = d.radial([[0, '#D9A066'], [0.85, '#B9773F'], [1, '#8A5328']]);
  const shade = d.radial([[0.6, '#000', 0.25], [1, '#000', 0]]);
  return (
    `<circle cx="${n(cx + r * 0.05)}" cy="${n(cy + r * 0.09)}" r="${n(r * 1.1)}" fill="${shade}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${wood}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="none" stroke="#7A4A24" stroke-opacity=".35" stroke-width="${n(r * 0.02)}"/>`
  );
}

/** Wooden table surface from y to the bottom. */
function table(d, y, w, h, c1 = '#8B5A36', c2 = '#5C3A22') {
  const fill = d.linear([[0, c1], [1, c2]]);
  let planks = '';
  for (let py = y + 60; py < h; py += 70 + (py - y) * 0.25) {
    planks += `<path d="M0 ${n(py)}H${w}" stroke="#000" stroke-opacity=".16" stroke-width="3"/>`;
  }
  return (
    `<rect y="${y}" width="${w}" height="${h - y}" fill="${fill}"/>` +
    `<rect y="${y}" width="${w}" height="8" fill="#FFF" opacity=".12"/>` +
    planks
  );
}

/** Steam curls rising from (x, y). */
function steam(x, y, scale = 1, opacity = 0.5) {
  const curl = (dx) =>
    `<path d="M${n(x + dx)} ${n(y)}c${n(-18 * scale)} ${n(-20 * scale)} ${n(18 * scale)} ${n(-40 * scale)} 0 ${n(-60 * scale)}s${n(18 * scale)} ${n(-40 * scale)} 0 ${n(-60 * scale)}" fill="none" stroke="#FFF" stroke-width="${n(7 * scale)}" stroke-linecap="round"/>`;
  return `<g opacity="${opacity}">${curl(-30 * scale)}${curl(0)}${curl(30 * scale)}</g>`;
}

/** Pendant lamp hanging from the top at x. */
function lamp(d, x, len, size = 1) {
  const glow = d.radial([[0, '#FFE3A3', 0.55], [1, '#FFE3A3', 0]]);
  const s = size;
  return (
    `<circle cx="${x}" cy="${n(len + 30 * s)}" r="${n(220 * s)}" fill="${glow}"/>` +
    `<path d="M${x} 0V${len}" stroke="#1E1410" stroke-width="4"/>` +
    `<path d="M${n(x - 60 * s)} ${n(len + 40 * s)}a${n(60 * s)} ${n(46 * s)} 0 0 1 ${n(120 * s)} 0z" fill="#2B1D15"/>` +
    `<ellipse cx="${x}" cy="${n(len + 40 * s)}" rx="${n(44 * s)}" ry="${n(9 * s)}" fill="#FFE8B0"/>`
  );
}

/** Small soft background lights (bokeh) in a band. */
function bokeh(w, y0, y1, count, color, seed = 1) {
  let out = '';
  let r = seed;
  const rnd = () => ((r = (r * 9301 + 49297) % 233280) / 233280);
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(rnd() * w)}" cy="${n(y0 + rnd() * (y1 - y0))}" r="${n(10 + rnd() * 34)}" fill="${color}" opacity="${(0.06 + rnd() * 0.14).toFixed(2)}"/>`;
  }
  return out;
}

const GINGHAM = (c) =>
  `<rect width="20" height="40" fill="${c}" opacity=".5"/><rect width="40" height="20" fill="${c}" opacity=".5"/>`;

// ─── Menu item pictures (320×320) ───────────────────────────────────────────
const PALETTES = {
  salad: [['#F3F8E6', '#B9D88E', '#5E8C31'], ['#EAF4EC', '#9CCBA4', '#3E7D4F'], ['#F7F5E4', '#D3D98F', '#7D8A2E']],
  pizza: [['#FFF1DE', '#F0A66A', '#B5482A'], ['#FBE9D7', '#E08A5F', '#8E3B22'], ['#FFF4E0', '#EDB870', '#A8652A']],
  soup: [['#FDF0DF', '#E3A877', '#9A5632'], ['#F8EBDD', '#CFA084', '#7B4A34'], ['#FFF3E3', '#E9BC80', '#A86A2C']],
  dessert: [['#FFF0F4', '#F2A9BF', '#B8506F'], ['#F9EEF8', '#D9A6D6', '#8A4D8F'], ['#FFF3EA', '#EFB39A', '#B0604A']],
  drinks: [['#E9F7F7', '#8CCBD1', '#2F7E88'], ['#EEF3FB', '#A6BCE6', '#3E5C9A'], ['#F4F9EC', '#B5D99A', '#4F8A3A']],
  offered: [['#FFF6DF', '#EBC168', '#9A6A12'], ['#FDF1E4', '#DDA77C', '#8A4F2A']],
  popular: [['#FFEDE8', '#E8937F', '#9E3A2A'], ['#FFF2E2', '#E8A75C', '#99541B']],
};

/** [slug, category, main emoji, garnishes, options] */
const MENU = [
  ['caesar-salad', 'salad', 'salad', ['cheese', 'lemon']],
  ['greek-salad', 'salad', 'salad', ['tomato', 'olive', 'onion']],
  ['caprese-salad', 'salad', 'tomato', ['cheese', 'herb']],
  ['nicoise-salad', 'salad', 'salad', ['egg', 'fish', 'olive']],
  ['avocado-quinoa-salad', 'salad', 'avocado', ['corn', 'lemon']],
  ['roasted-eggplant-salad', 'salad', 'eggplant', ['tomato', 'potato', 'leafy']],
  ['pear-gorgonzola-salad', 'salad', 'pear', ['cheese', 'leafy']],
  ['grilled-prawn-salad', 'salad', 'shrimp', ['avocado', 'lemon', 'pepper']],

  ['margherita-pizza', 'pizza', 'wholepizza', ['tomato', 'herb']],
  ['pepperoni-pizza', 'pizza', 'pizza', ['chili', 'cheese']],
  ['funghi-pizza', 'pizza', 'wholepizza', ['mushroom', 'garlic']],
  ['quattro-formaggi-pizza', 'pizza', 'cheese', ['pizza']],
  ['diavola-pizza', 'pizza', 'pizza', ['chili', 'fire', 'onion']],
  ['vegetariana-pizza', 'pizza', 'pepper', ['onion', 'olive', 'tomato']],
  ['hawaiian-pizza', 'pizza', 'wholepizza', ['pineapple', 'bacon']],
  ['bianca-pizza', 'pizza', 'flatbread', ['garlic', 'herb', 'potato']],
  ['prosciutto-rocket-pizza', 'pizza', 'pizza', ['bacon', 'leafy']],

  ['french-onion-soup', 'soup', 'stew', ['onion', 'cheese']],
  ['tomato-basil-soup', 'soup', 'bowl', ['tomato', 'herb', 'bread']],
  ['wild-mushroom-soup', 'soup', 'mushroom', ['bowl', 'herb']],
  ['minestrone-soup', 'soup', 'stew', ['carrot', 'beans', 'tomato']],
  ['lobster-bisque', 'soup', 'lobster', ['lemon']],
  ['chicken-noodle-soup', 'soup', 'noodles', ['carrot', 'onion']],
  ['potato-leek-soup', 'soup', 'bowl', ['potato', 'leafy']],
  ['corn-chowder', 'soup', 'corn', ['bowl', 'bacon']],

  ['chocolate-lava-cake', 'dessert', 'chocolate', ['icecream', 'strawberry']],
  ['creme-brulee', 'dessert', 'custard', ['blueberries']],
  ['new-york-cheesecake', 'dessert', 'cake', ['strawberry', 'strawberry']],
  ['apple-tarte-tatin', 'dessert', 'pie', ['apple']],
  ['tiramisu', 'dessert', 'cake', ['coffee', 'chocolate']],
  ['lemon-meringue-tart', 'dessert', 'lemon', ['pie']],
  ['gelato-trio', 'dessert', 'icecream', ['cherries', 'strawberry']],
  ['cookie-skillet', 'dessert', 'cookie', ['softserve', 'chocolate']],
  ['cinnamon-doughnuts', 'dessert', 'doughnut', ['chocolate', 'orange']],

  ['house-lemonade', 'drinks', 'cup', ['lemon', 'lemon']],
  ['double-espresso', 'drinks', 'coffee', ['cookie']],
  ['cappuccino', 'drinks', 'coffee', ['milk', 'chocolate']],
  ['iced-matcha-latte', 'drinks', 'tea', ['ice', 'milk']],
  ['bubble-tea', 'drinks', 'bubbletea', ['ice']],
  ['tropical-mocktail', 'drinks', 'tropical', ['pineapple', 'lemon']],
  ['fresh-orange-juice', 'drinks', 'orange', ['orange', 'ice']],
  ['strawberry-milkshake', 'drinks', 'milk', ['strawberry', 'softserve']],
  ['house-red-wine', 'drinks', 'wine', ['grapes', 'cheese']],

  ['beef-bourguignon', 'offered', 'paella', ['wine', 'mushroom', 'carrot']],
  ['coq-au-vin', 'offered', 'drumstick', ['wine', 'mushroom', 'potato']],
  ['seared-sea-bass', 'offered', 'fish', ['lemon', 'potato']],
  ['truffle-tagliatelle', 'offered', 'spaghetti', ['mushroom', 'cheese']],

  ['bistro-burger', 'popular', 'burger', ['fries', 'tomato']],
  ['steak-frites', 'popular', 'steak', ['fries', 'herb']],
  ['spaghetti-carbonara', 'popular', 'spaghetti', ['bacon', 'egg']],
  ['garlic-butter-prawns', 'popular', 'shrimp', ['garlic', 'lemon', 'baguette']],
  ['crispy-chicken-tacos', 'popular', 'taco', ['avocado', 'lemon']],
  ['croque-monsieur', 'popular', 'sandwich', ['cheese', 'leafy']],

  // Added after the first set; last, so the variants of the others stay as they were.
  ['marinara-pizza', 'pizza', 'wholepizza', ['tomato', 'garlic', 'herb']],
];

/** Garnish slots for plated food, kept inside the band a 3:2 object-cover crop shows (y≈53..267). */
const GARNISH_SLOTS = [
  [262, 210, 62, -12],
  [56, 214, 54, 10],
  [60, 98, 46, -8],
];
const DRINK_SLOTS = [
  [256, 236, 62, 0],
  [64, 240, 52, 0],
  [268, 110, 40, 15],
];

function menuPicture(slug, cat, main, garnishes, variant) {
  const pal = PALETTES[cat][variant % PALETTES[cat].length];
  const [light, mid, deep] = pal;
  const d = new Doc(320, 320);
  d.add(`<rect width="320" height="320" fill="${d.radial([[0, light], [1, mid]], { cy: 0.45, r: 0.75 })}"/>`);

  // a subtle tablecloth texture, varying by item
  const kind = variant % 3;
  if (kind === 0) {
    d.add(`<rect width="320" height="320" fill="${d.pattern(40, 40, GINGHAM(deep))}" opacity=".12"/>`);
  } else if (kind === 1) {
    d.add(`<rect width="320" height="320" fill="${d.pattern(28, 28, `<circle cx="14" cy="14" r="4" fill="${deep}"/>`)}" opacity=".14"/>`);
  } else {
    d.add(`<rect width="320" height="320" fill="${d.pattern(24, 24, `<rect width="10" height="24" fill="${deep}"/>`, 'rotate(35)')}" opacity=".09"/>`);
  }

  if (cat === 'drinks') {
    // glass standing on a counter with a soft light behind it
    d.add(`<circle cx="160" cy="140" r="120" fill="${d.radial([[0, '#FFF', 0.75], [1, '#FFF', 0]])}"/>`);
    d.add(`<rect y="226" width="320" height="94" fill="${d.linear([[0, deep, 0.55], [1, deep, 0.85]])}"/>`);
    d.add(`<rect y="226" width="320" height="5" fill="#FFF" opacity=".35"/>`);
    d.add(`<ellipse cx="160" cy="238" rx="70" ry="12" fill="#000" opacity=".22"/>`);
    d.add(d.glyph(main, 160, 160, 160));
    garnishes.forEach((g, i) => {
      const [x, y, s, r] = DRINK_SLOTS[i];
      d.add(d.glyph(g, x, y - s * 0.3, s, { rot: r }));
    });
  } else {
    if (cat === 'pizza' && (main === 'wholepizza' || variant % 2 === 1)) {
      d.add(board(d, 160, 160, 114));
    } else {
      d.add(plate(d, 160, 160, 112));
    }
    if (main === 'wholepizza') d.add(d.wholePizza(160, 160, 96, variant * 7));
    else d.add(d.glyph(main, 160, 160, 150));
    garnishes.forEach((g, i) => {
      const [x, y, s, r] = GARNISH_SLOTS[i];
      d.add(d.glyph(g, x, y, s, { rot: r }));
    });
  }
  return d.toString();
}

// ─── Home page artwork ──────────────────────────────────────────────────────
/** 1: an evening dinner table with pendant lamps. */
function slide1() {
  const d = new Doc(1600, 900);
  d.add(`<rect width="1600" height="900" fill="${d.linear([[0, '#3B2418'], [1, '#7A4B2E']])}"/>`);
  d.add(bokeh(1600, 40, 480, 18, '#FFD79A', 3));
  d.add(lamp(d, 420, 110, 1), lamp(d, 1180, 90, 1.1));
  d.add(table(d, 500, 1600, 900));
  d.add(`<rect x="0" y="520" width="1600" height="150" fill="#F6EFE4" opacity=".9"/>`); // table runner
  d.add(d.glyph('candle', 800, 400, 150));
  d.add(d.glyph('wine', 540, 470, 220), d.glyph('wine', 1060, 470, 220, { flip: true }));
  d.add(platePersp(d, 800, 730, 360, 130), d.glyph('spaghetti', 800, 640, 400));
  d.add(platePersp(d, 250, 750, 270), d.glyph('salad', 250, 670, 300));
  d.add(platePersp(d, 1350, 750, 270), d.glyph('steak', 1350, 680, 300));
  d.add(d.glyph('baguette', 540, 830, 220, { rot: -25 }));
  return d.toString();
}

/** 2: the wood-fired oven. */
function slide2() {
  const d = new Doc(1600, 900);
  const brick = d.pattern(
    120,
    60,
    `<rect width="120" height="60" fill="#6E2F1F"/><path d="M0 1H120M0 31H120M60 1V31M1 31V60" stroke="#3E1A12" stroke-width="4"/>`,
  );
  d.add(`<rect width="1600" height="900" fill="${brick}"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.radial([[0, '#000', 0], [1, '#000', 0.55]], { cy: 0.4, r: 0.75 })}"/>`);
  // oven mouth
  d.add(`<path d="M420 620V380a380 300 0 0 1 760 0V620z" fill="#2A140D"/>`);
  d.add(`<path d="M520 620V400a280 220 0 0 1 560 0V620z" fill="${d.radial([[0, '#FFB347'], [0.55, '#E0562A'], [1, '#2A0E08']], { cy: 0.85, r: 0.8 })}"/>`);
  d.add(d.glyph('fire', 700, 540, 150), d.glyph('fire', 900, 530, 170, { flip: true }), d.glyph('fire', 800, 560, 120));
  d.add(table(d, 620, 1600, 900, '#4A3A30', '#241A14'));
  d.add(board(d, 800, 770, 220), d.wholePizza(800, 770, 185, 10));
  d.add(d.glyph('tomato', 330, 760, 190), d.glyph('cheese', 1270, 770, 200, { rot: 10 }));
  d.add(d.glyph('herb', 150, 810, 160, { rot: -15 }), d.glyph('garlic', 1460, 790, 170));
  return d.toString();
}

/** 3: the dessert counter. */
function slide3() {
  const d = new Doc(1600, 900);
  d.add(`<rect width="1600" height="900" fill="#F8D9E0"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.pattern(160, 900, `<rect width="80" height="900" fill="#F2C3CF"/>`)}"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.radial([[0, '#FFF', 0.5], [1, '#7A2E45', 0.35]], { cy: 0.35, r: 0.8 })}"/>`);
  d.add(`<rect y="600" width="1600" height="300" fill="${d.linear([[0, '#FFFFFF'], [1, '#D9D4DA']])}"/>`);
  d.add(`<rect y="600" width="1600" height="14" fill="#B8A9B4" opacity=".5"/>`);
  // cake stand
  d.add(`<path d="M765 650h70l24 50H741z" fill="#E9E3EA"/><ellipse cx="800" cy="650" rx="270" ry="30" fill="#FFFFFF" stroke="#C9BFC8" stroke-width="4"/>`);
  d.add(d.glyph('birthday', 800, 430, 460));
  d.add(d.glyph('cupcake', 360, 520, 280), d.glyph('cake', 1240, 540, 290));
  d.add(d.glyph('doughnut', 170, 750, 250, { rot: -10 }), d.glyph('custard', 1440, 740, 250));
  d.add(d.glyph('coffee', 590, 790, 200), d.glyph('strawberry', 1010, 810, 150, { rot: 20 }));
  return d.toString();
}

/** 4: soup and bread on a checked tablecloth. */
function slide4() {
  const d = new Doc(1600, 900);
  d.add(`<rect width="1600" height="900" fill="${d.linear([[0, '#243B3A'], [1, '#3F5E54']])}"/>`);
  d.add(bokeh(1600, 30, 420, 14, '#FFE6B0', 7));
  // window with evening light
  d.add(`<rect x="1040" y="80" width="380" height="300" rx="12" fill="${d.linear([[0, '#F7B267'], [1, '#F25C54']])}" opacity=".85"/><path d="M1230 80V380M1040 230H1420" stroke="#243B3A" stroke-width="16"/>`);
  d.add(`<rect y="470" width="1600" height="430" fill="#F3EDE4"/><rect y="470" width="1600" height="430" fill="${d.pattern(80, 80, `<rect width="40" height="80" fill="#C0392B" opacity=".45"/><rect width="80" height="40" fill="#C0392B" opacity=".45"/>`)}"/>`);
  d.add(`<rect y="470" width="1600" height="430" fill="${d.linear([[0, '#000', 0.25], [0.3, '#000', 0]])}"/>`);
  d.add(platePersp(d, 790, 730, 420, 145), steam(790, 420, 1.7, 0.55), d.glyph('stew', 790, 610, 430));
  d.add(d.glyph('baguette', 250, 690, 320, { rot: -30 }), d.glyph('bread', 1290, 740, 240));
  d.add(d.glyph('wine', 1460, 560, 240), d.glyph('garlic', 110, 840, 160), d.glyph('herb', 1100, 850, 150, { rot: 30 }));
  return d.toString();
}

/** 5: the bar at night. */
function slide5() {
  const d = new Doc(1600, 900);
  d.add(`<rect width="1600" height="900" fill="${d.linear([[0, '#10142B'], [1, '#2C2250']])}"/>`);
  // string lights
  d.add(`<path d="M0 80Q400 260 800 110T1600 90" fill="none" stroke="#3A355E" stroke-width="4"/>`);
  const glow = d.radial([[0, '#FFE08A', 0.9], [0.35, '#FFC94D', 0.5], [1, '#FFC94D', 0]]);
  let lights = '';
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    // points on the quadratic pieces, approximated
    const x = t * 1600;
    const y = t < 0.5 ? 80 + Math.sin(t * 2 * Math.PI) * 90 + (t * 2) * 30 : 110 + Math.sin((t - 0.5) * 2 * Math.PI) * -40 - (t - 0.5) * 40;
    lights += `<circle cx="${n(x)}" cy="${n(y)}" r="34" fill="${glow}"/>`;
  }
  d.add(lights);
  d.add(bokeh(1600, 200, 560, 16, '#8EA7FF', 11));
  // back shelf
  d.add(`<rect y="430" width="1600" height="16" fill="#4B3B6E"/>`);
  d.add(d.glyph('clink', 1320, 335, 200), d.glyph('wine', 250, 345, 180), d.glyph('beer', 1500, 350, 160));
  // bar counter
  d.add(`<rect y="620" width="1600" height="280" fill="${d.linear([[0, '#6B3F2A'], [1, '#2A170E']])}"/><rect y="620" width="1600" height="14" fill="#C48A5A"/>`);
  d.add(d.glyph('cocktail', 520, 470, 320), d.glyph('tropical', 820, 450, 360), d.glyph('wine', 1120, 490, 280));
  d.add(d.glyph('lemon', 300, 590, 150, { rot: -20 }), d.glyph('orange', 1360, 590, 150));
  return d.toString();
}

/** 6: the chef at the pass. */
function slide6() {
  const d = new Doc(1600, 900);
  const tiles = d.pattern(100, 50, `<rect width="100" height="50" fill="#E9EEF0"/><path d="M0 1H100M50 1V26M0 26H100M1 26V50" stroke="#C7D1D6" stroke-width="3"/>`);
  d.add(`<rect width="1600" height="900" fill="${tiles}"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.radial([[0, '#FFF6E0', 0.3], [1, '#3A2A20', 0.45]], { cx: 0.35, cy: 0.4, r: 0.85 })}"/>`);
  // heat lamps over the pass
  d.add(lamp(d, 900, 90, 0.9), lamp(d, 1300, 90, 0.9));
  d.add(d.glyph('chef', 420, 400, 560));
  d.add(`<rect y="640" width="1600" height="260" fill="${d.linear([[0, '#B8C2C8'], [1, '#6F7B82']])}"/><rect y="640" width="1600" height="12" fill="#FFF" opacity=".6"/>`);
  d.add(platePersp(d, 900, 690, 160), d.glyph('paella', 900, 640, 190));
  d.add(platePersp(d, 1300, 690, 160), d.glyph('steak', 1300, 650, 170));
  d.add(d.glyph('pan', 120, 740, 180, { rot: 20 }), d.glyph('knife', 660, 800, 150, { rot: 45 }));
  d.add(d.glyph('onion', 1080, 820, 110), d.glyph('tomato', 1500, 810, 120), d.glyph('herb', 1200, 840, 100, { rot: -20 }));
  return d.toString();
}

/** Category tiles for the "Order Online" carousel (600×800). */
function categoryTile(kind) {
  const d = new Doc(600, 800);
  const conf = {
    salads: { c: ['#E6F2D3', '#6E9F3D', '#2F4F1A'], main: 'salad', extra: [['avocado', 120, 210, 120, -15], ['tomato', 480, 200, 110, 10], ['pepper', 470, 590, 110, 25], ['leafy', 120, 600, 120, -10]] },
    pizza: { c: ['#FFE3C4', '#D9692F', '#5A2412'], main: 'wholepizza', extra: [['herb', 110, 180, 110, -20], ['tomato', 490, 200, 110, 0], ['cheese', 480, 600, 120, 15], ['chili', 120, 610, 110, -30]] },
    soups: { c: ['#FBE6CF', '#C46A3A', '#4F2414'], main: 'stew', extra: [['baguette', 470, 600, 140, -35], ['onion', 120, 200, 110, 0], ['carrot', 480, 190, 110, 30], ['herb', 120, 610, 100, 10]] },
    desserts: { c: ['#FFE4EC', '#D06A8C', '#4F1A2C'], main: 'cake', extra: [['cupcake', 120, 210, 120, -10], ['strawberry', 480, 200, 100, 15], ['doughnut', 470, 600, 120, 0], ['cherries', 120, 600, 100, -10]] },
  }[kind];
  const [light, mid, dark] = conf.c;
  d.add(`<rect width="600" height="800" fill="${d.radial([[0, light], [1, mid]], { cy: 0.4, r: 0.8 })}"/>`);
  d.add(`<rect width="600" height="800" fill="${d.pattern(60, 60, GINGHAM(dark))}" opacity=".08"/>`);
  if (kind === 'pizza') d.add(board(d, 300, 400, 210), d.wholePizza(300, 400, 175, 5));
  else d.add(plate(d, 300, 400, 200), d.glyph(conf.main, 300, 400, 270));
  if (kind === 'soups') d.add(steam(300, 280, 1.2, 0.6));
  for (const [g, x, y, s, r] of conf.extra) d.add(d.glyph(g, x, y, s, { rot: r }));
  // darker foot so a caption stays legible
  d.add(`<rect y="560" width="600" height="240" fill="${d.linear([[0, dark, 0], [1, dark, 0.85]])}"/>`);
  return d.toString();
}

/** About/hero backdrop: a bright kitchen wall with the chef at one side, calm centre. */
function chefService() {
  const d = new Doc(1600, 800);
  const tiles = d.pattern(80, 40, `<rect width="80" height="40" fill="#F1ECE4"/><path d="M0 1H80M40 1V21M0 21H80M1 21V40" stroke="#D8CFC2" stroke-width="2.5"/>`);
  d.add(`<rect width="1600" height="800" fill="${tiles}"/>`);
  d.add(`<rect width="1600" height="800" fill="${d.radial([[0, '#FFF8EC', 0.2], [1, '#5A3E2B', 0.45]], { r: 0.8 })}"/>`);
  d.add(`<rect y="600" width="1600" height="200" fill="${d.linear([[0, '#8B5A36'], [1, '#4E301C']])}"/><rect y="600" width="1600" height="10" fill="#FFF" opacity=".25"/>`);
  d.add(d.glyph('chef', 260, 440, 400));
  d.add(d.glyph('pan', 1240, 540, 190, { rot: -15 }), d.glyph('paella', 1460, 650, 200));
  d.add(d.glyph('tomato', 480, 660, 110), d.glyph('herb', 1110, 690, 110, { rot: 20 }));
  d.add(d.glyph('knife', 1250, 180, 140, { rot: 30, opacity: 0.9 }), d.glyph('cutlery', 1450, 170, 150, { opacity: 0.9 }));
  return d.toString();
}

/** Featured dish (800×600). */
function featured() {
  const d = new Doc(800, 600);
  d.add(`<rect width="800" height="600" fill="${d.radial([[0, '#5B3A26'], [1, '#20130C']], { cy: 0.4, r: 0.8 })}"/>`);
  d.add(`<rect width="800" height="600" fill="${d.pattern(40, 40, GINGHAM('#000'))}" opacity=".08"/>`);
  d.add(plate(d, 400, 310, 230));
  d.add(d.glyph('steak', 380, 300, 270), d.glyph('fries', 545, 360, 150, { rot: 15 }), d.glyph('herb', 280, 420, 100, { rot: -20 }));
  d.add(d.glyph('wine', 700, 140, 150), d.glyph('cutlery', 100, 140, 130, { rot: -15 }));
  return d.toString();
}

// ─── Banners (1600×900, dark, text goes on top) ─────────────────────────────
function banner({ bg, glow, items, pizza }) {
  const d = new Doc(1600, 900);
  d.add(`<rect width="1600" height="900" fill="${d.linear([[0, bg[0]], [1, bg[1]]], { x2: 1, y2: 1 })}"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.radial([[0, glow, 0.45], [1, glow, 0]], { r: 0.6 })}"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.pattern(60, 60, GINGHAM('#FFF'))}" opacity=".035"/>`);
  if (pizza) d.add(board(d, pizza[0], pizza[1], pizza[2] * 1.15), d.wholePizza(pizza[0], pizza[1], pizza[2], 12));
  for (const [g, x, y, s, r, p] of items) {
    if (p) d.add(plate(d, x, y, s * 0.75));
    d.add(d.glyph(g, x, y, s, { rot: r || 0 }));
  }
  // dark veil + vignette so white headings read well
  d.add(`<rect width="1600" height="900" fill="#000" opacity=".3"/>`);
  d.add(`<rect width="1600" height="900" fill="${d.radial([[0.3, '#000', 0.2], [1, '#000', 0.65]], { r: 0.75 })}"/>`);
  return d.toString();
}

const BANNERS = {
  menu: {
    bg: ['#2A1E17', '#4A3326'],
    glow: '#FFB866',
    items: [
      ['salad', 170, 190, 380, 0, 1], ['stew', 1430, 180, 380, 0, 1], ['spaghetti', 190, 730, 380, 0, 1],
      ['cake', 1420, 720, 380, 0, 1], ['wine', 800, 820, 180], ['cutlery', 800, 90, 150],
    ],
  },
  dessert: {
    bg: ['#2B1320', '#4E2238'],
    glow: '#FF8FB1',
    items: [
      ['cake', 180, 200, 380, 0, 1], ['cupcake', 1420, 200, 300], ['doughnut', 1420, 730, 360, 0, 1],
      ['custard', 190, 720, 380, 0, 1], ['chocolate', 560, 820, 170, -20], ['cherries', 1060, 820, 140, -20],
      ['cherries', 540, 90, 140],
    ],
  },
  pizza: {
    bg: ['#2A1410', '#4D2218'],
    glow: '#FF9A4D',
    pizza: [1330, 450, 330],
    items: [
      ['tomato', 220, 200, 240], ['cheese', 230, 720, 260, -10], ['herb', 560, 110, 160, 20],
      ['garlic', 600, 820, 170], ['chili', 930, 830, 160, -30],
    ],
  },
  salad: {
    bg: ['#132416', '#2A4424'],
    glow: '#B8E07A',
    items: [
      ['salad', 1340, 460, 440, 0, 1], ['avocado', 220, 200, 260, -10], ['pepper', 240, 720, 240, 20],
      ['tomato', 620, 100, 160], ['leafy', 640, 820, 190, -15], ['carrot', 990, 830, 150, 30],
    ],
  },
  soup: {
    bg: ['#2A170F', '#4A2A1A'],
    glow: '#FFB077',
    items: [
      ['stew', 260, 450, 420, 0, 1], ['bowl', 1400, 220, 300, 0, 1], ['baguette', 1360, 730, 320, -30],
      ['onion', 850, 820, 160], ['carrot', 820, 90, 160, 40], ['herb', 560, 830, 150, 20],
    ],
  },
  order: {
    bg: ['#141A24', '#2A3142'],
    glow: '#FFC266',
    items: [
      ['scooter', 1330, 600, 420], ['bags', 240, 230, 280, -8], ['burger', 240, 710, 320, 0, 1],
      ['pizza', 1240, 150, 220, 20], ['cup', 620, 820, 180], ['fries', 900, 100, 170, -10], ['takeout', 980, 820, 170],
    ],
  },
};

// ─── Small standalone pieces ────────────────────────────────────────────────
const AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" rx="64" fill="#E5E7EB"/><circle cx="64" cy="50" r="22" fill="#9CA3AF"/><path d="M22 110c4-22 21-34 42-34s38 12 42 34a63 63 0 0 1-84 0z" fill="#9CA3AF"/></svg>\n`;

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1F2937"/><path d="M20 38c-6-1-10-6-9-12 1-7 8-11 15-8 2-5 7-8 12-7 5 1 8 4 9 8 6-2 12 2 12 8 0 6-4 10-10 11l-1 3H21z" fill="#FFF"/><rect x="20" y="41" width="27" height="11" rx="2.5" fill="#D99904"/><path d="M27 30v7M33.5 28v9M40 30v7" stroke="#D1D5DB" stroke-width="2" stroke-linecap="round"/></svg>\n`;

const CREDITS = `# Image credits

All images in \`public/images/\` (and the favicon \`app/icon.svg\`) are SVG files made for this project.

## Food and object glyphs: Twemoji

The food, drink and kitchen glyphs embedded in the menu pictures, home page slides,
category tiles and banners are taken from **Twemoji**:

- Copyright 2019 Twitter, Inc. and other contributors; maintained by jdecked (jdecked/twemoji)
- Graphics licensed under **CC-BY 4.0**: https://creativecommons.org/licenses/by/4.0/

The glyph paths were copied into the compositions (numbers shortened to two decimals, some glyphs
rotated, scaled, mirrored or repeated, e.g. eight pizza slices arranged into a whole pizza).

## Compositions

The compositions (backgrounds, plates, boards, tables, lamps, tablecloth patterns and the
arrangement of the glyphs), the avatar placeholder and the chef-hat favicon are the
project's own artwork, released under the same **CC-BY 4.0** license
(https://creativecommons.org/licenses/by/4.0/). Please keep this notice when reusing them.

## Regenerating

The files are generated by \`scripts/make-artwork.mjs\` (\`node scripts/make-artwork.mjs\`),
which reads the Twemoji SVGs from the \`@twemoji/svg\` development dependency.
`;

// ─── Write everything ───────────────────────────────────────────────────────
function write(rel, content) {
  const file = join(ROOT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

const sizes = [];
const out = (rel, content) => sizes.push([rel, write(rel, content)]);

const variantByCat = {};
for (const [slug, cat, main, garnishes] of MENU) {
  const v = (variantByCat[cat] = (variantByCat[cat] ?? -1) + 1);
  out(`public/images/menu/${slug}.svg`, menuPicture(slug, cat, main, garnishes, v));
}
[slide1, slide2, slide3, slide4, slide5, slide6].forEach((f, i) => out(`public/images/home/slide-${i + 1}.svg`, f()));
for (const k of ['salads', 'pizza', 'soups', 'desserts']) out(`public/images/home/category-${k}.svg`, categoryTile(k));
out('public/images/home/chef-service.svg', chefService());
out('public/images/home/featured.svg', featured());
for (const [k, conf] of Object.entries(BANNERS)) out(`public/images/banners/${k}.svg`, banner(conf));
out('public/images/avatar.svg', AVATAR);
out('public/images/CREDITS.md', CREDITS);
out('app/icon.svg', ICON);

if (process.argv.includes('--sizes')) {
  for (const [rel, bytes] of sizes) console.log(`${(bytes / 1024).toFixed(1).padStart(6)} KB  ${rel}`);
}
const total = sizes.reduce((a, [, b]) => a + b, 0);
console.log(`wrote ${sizes.length} files, ${(total / 1024).toFixed(0)} KB in total`);
