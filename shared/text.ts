/** Text helpers shared by the search engines, the DynamoDB fallback and the web app. */

/** Lower-cases and strips diacritics, so 'Electrónica' → 'electronica' and 'Año' → 'ano'. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** compareSpanish's three levels: letters ('ñ' after 'n'), then accents, then case (lower first). */
const SPANISH_LEVELS = [
  (text: string) => fold(text.normalize('NFC').replace(/ñ/gi, 'n\uffff')),
  (text: string) => text.toLowerCase().normalize('NFD'),
  (text: string) =>
    [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join(''),
];

/**
 * Spanish alphabetical order as `Intl.Collator('es')` gives it for names and places: letters first
 * (accents and case ignored, 'ñ' a letter of its own after 'n'), then unaccented before accented,
 * then lower case before upper case. Without ICU: the first collator a page builds loads its
 * collation data, ~10 ms of a slow phone's main thread (4×) on the chooser's first render
 * (decision 038). A test compares it with Intl over Venezuelan names and words.
 */
export function compareSpanish(a: string, b: string): number {
  for (const key of SPANISH_LEVELS) {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? -1 : 1;
  }
  return 0;
}

/** Accent-stripped, lower-case, spaces to hyphens: 'Comunicación Social' → 'comunicacion-social'. */
export function slugify(text: string): string {
  return fold(text)
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** Splits folded text into words (letters and digits). */
export function tokenize(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The spec's search-input sanitiser: quotes, semicolons and backslashes removed, HTML special
 * characters escaped, cut at 100 characters.
 */
export function sanitizeSearchInput(input: string, max = 100): string {
  return input
    .replace(/["'`;\\]/g, '')
    .replace(/[&<>]/g, (c) => HTML_ESCAPES[c])
    .slice(0, max);
}

/** Typos tolerated for a query word: one from 4 letters, two from 8 (none below 4). */
export function typoBudget(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}
