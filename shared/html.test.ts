// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { HOSTILE_LIST } from '../test/fixtures/hostile-text';
import { escapeHtml, jsonForHtml } from './html';

/** Parses a document as a browser would receive it from the server. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('escapeHtml', () => {
  it.each(HOSTILE_LIST)('keeps %s as text in an element and in both kinds of quoted attribute', (_, text) => {
    const escaped = escapeHtml(text);
    expect(escaped).not.toMatch(/[<>"']/);
    // Every '&' starts one of the five entities written: none of the text's own survives as markup.
    expect(escaped).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);

    const doc = parse(
      `<!doctype html><html><head><title>${escaped}</title></head><body>` +
        `<p id="a" title="${escaped}" data-x='${escaped}'>${escaped}</p></body></html>`,
    );
    const p = doc.getElementById('a');
    expect(doc.title).toBe(text);
    expect(p?.textContent).toBe(text);
    expect(p?.getAttribute('title')).toBe(text);
    expect(p?.getAttribute('data-x')).toBe(text);
    // Nothing else was created: no element, no attribute (onerror, onload, onmouseover).
    expect(doc.body.querySelectorAll('*')).toHaveLength(1);
    expect(p?.getAttributeNames()).toEqual(['id', 'title', 'data-x']);
  });

  it('writes the five entities and leaves other text alone', () => {
    expect(escapeHtml(`a&b<c>d"e'f ñ €`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f ñ €');
  });
});

describe('jsonForHtml', () => {
  it.each(HOSTILE_LIST)('keeps %s inside its data block and reads back the same value', (_, text) => {
    const value = { name: text, list: [text, { nested: text }], n: 1.5, ok: true, none: null };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);

    const doc = parse(
      `<!doctype html><html><head><script type="application/ld+json">${json}</script></head><body></body></html>`,
    );
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(doc.querySelectorAll('img, svg, title, body *')).toHaveLength(0);
    expect(JSON.parse(scripts[0].textContent ?? '')).toEqual(value);
  });

  it('writes \\u escapes for <, >, &, U+2028 and U+2029 and nothing else', () => {
    expect(jsonForHtml({ a: '</script>&\u2028\u2029ñ' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u0026\\u2028\\u2029ñ"}',
    );
  });

  it('writes null for undefined, which JSON has no word for', () => {
    expect(jsonForHtml(undefined)).toBe('null');
  });
});
