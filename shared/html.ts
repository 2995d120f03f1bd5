/**
 * Escaping for HTML the server writes by hand (mails, the rendered pages' head): one place, so a
 * text from a user (a title, a seller's name, a search) is data wherever it lands.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value (single or double quotes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON for a data block, `<script type="application/json">` or `"application/ld+json"`: '<', '>'
 * and '&' become \u escapes, so no string in the data ('</script>', '<!--') can end or bend the
 * element, and U+2028/U+2029 too (line terminators to older JavaScript parsers). JSON.parse reads
 * the same value back. `undefined` (which JSON cannot write) becomes null.
 */
export function jsonForHtml(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
