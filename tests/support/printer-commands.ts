/**
 * What a receipt printer would put on paper from the commands it is sent, as text: a reader of
 * the StarPRNT / Star Line Mode and ESC/POS commands a text ticket is made of, each command
 * skipped by the length its manual gives. A command it does not know is an error, so a ticket
 * that sends a printer something unexpected fails its test. Scaled text reads as itself; ruled
 * lines read as '-'.
 */

export interface Paper {
  /** The printed lines, trimmed, blank ones left out. */
  lines: string[];
  /** Paper cuts: one per copy. */
  cuts: number;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

/** Lines as read off the paper: columns and padding read as one space. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter(Boolean);

function paperOf(chars: string[], cuts: number): Paper {
  return { lines: linesOf(chars.join('')), cuts };
}

/** StarPRNT and Star Line Mode (the two share these commands; Line Mode ends with EOT). */
export function readStarCommands(bytes: Uint8Array): Paper {
  const out: string[] = [];
  let cuts = 0;
  let page = 0;
  let i = 0;
  const fail = (what: string) => {
    throw new Error(`unknown Star command ${what} at byte ${i}`);
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === ESC) {
      const c = String.fromCharCode(bytes[i + 1]!);
      if (c === '\x1e') {
        const d = String.fromCharCode(bytes[i + 2]!);
        if (!'aFR'.includes(d)) fail(`ESC RS ${d}`);
        i += 4;
      } else if (c === '\x1d') {
        const d = String.fromCharCode(bytes[i + 2]!);
        if (d === 'a') i += 4;
        else if (d === 'A' || d === 'R') {
          // A print position: the gap between two columns.
          out.push(' ');
          i += 5;
        }
        else if (d === 't') {
          page = bytes[i + 3]!;
          i += 4;
        } else if (d === '\x03') i += 6;
        else fail(`ESC GS ${d}`);
      } else if (c === 'd') {
        cuts += 1;
        i += 3;
      } else if (' zlQ-'.includes(c)) i += 3;
      else if (c === 's' || c === 'i') i += 4;
      else if ('0EF45@'.includes(c)) i += 2;
      else fail(`ESC ${c}`);
    } else if (b === LF) {
      out.push('\n');
      i += 1;
    } else if (b === 0x0f || b === 0x12 || b === 0x04) i += 1;
    else if (b < 0x20) fail(`0x${b.toString(16)}`);
    else {
      out.push(b < 0x80 ? String.fromCharCode(b) : page === 1 && b === 0xc4 ? '-' : '?');
      i += 1;
    }
  }
  return paperOf(out, cuts);
}

/** ESC/POS, as Epson's TM printers take it. */
export function readEscPos(bytes: Uint8Array): Paper {
  const out: string[] = [];
  let cuts = 0;
  let page = 0;
  let i = 0;
  const fail = (what: string) => {
    throw new Error(`unknown ESC/POS command ${what} at byte ${i}`);
  };
  const lengthPrefixed = (at: number) => at + 2 + (bytes[at]! | (bytes[at + 1]! << 8));
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === ESC) {
      const c = String.fromCharCode(bytes[i + 1]!);
      if (c === 't') {
        page = bytes[i + 2]!;
        i += 3;
      } else if ('M 3{a-ERJd'.includes(c)) i += 3;
      else if (c === '$' || c === '\\') {
        // A print position: the gap between two columns.
        out.push(' ');
        i += 4;
      }
      else if (c === '@' || c === '2') i += 2;
      else fail(`ESC ${c}`);
    } else if (b === GS) {
      const c = String.fromCharCode(bytes[i + 1]!);
      if (c === 'V') {
        cuts += 1;
        i += bytes[i + 2]! >= 65 ? 4 : 3;
      } else if ('a!BrwhH'.includes(c)) i += 3;
      else if (c === 'L' || c === 'W') i += 4;
      else if (c === '(') i = lengthPrefixed(i + 3);
      else fail(`GS ${c}`);
    } else if (b === FS) {
      const c = String.fromCharCode(bytes[i + 1]!);
      if (c === '(') i = lengthPrefixed(i + 3);
      else if (c === 'S') i += 4;
      else if (c === 'C' || c === '-') i += 3;
      else if (c === '.' || c === '&') i += 2;
      else fail(`FS ${c}`);
    } else if (b === LF) {
      out.push('\n');
      i += 1;
    } else if (b < 0x20) fail(`0x${b.toString(16)}`);
    else {
      out.push(b < 0x80 ? String.fromCharCode(b) : page === 1 && b === 0x95 ? '-' : '?');
      i += 1;
    }
  }
  return paperOf(out, cuts);
}

/** Plain text as a CloudPRNT printer prints it: its lines; large type comes as letters spaced out, read back together. */
export function readPlainText(text: string): Paper {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .map((line) => (/^(\S )+\S$/.test(line) ? line.replace(/ (?=\S)/g, '') : line));
  return { lines: linesOf(lines.join('\n')), cuts: 0 };
}
