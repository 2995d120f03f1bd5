import { isIP } from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address (compression and a trailing dotted IPv4 part
 * expanded, a zone dropped), or null when it is not an IPv6 address.
 */
export function ipv6Hextets(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  const groups = [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}
