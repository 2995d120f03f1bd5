import { isIsoDate } from '#shared/exchange-rate';

/**
 * Reads the official USD rate and its 'Fecha Valor' from the BCV's home page (https://www.bcv.org.ve/,
 * decision 033). The page is HTML meant for people: the rate is the number in the `<div id="dolar">`
 * block (after its 'USD' label), the date the `content` of the 'Fecha Valor' date span. Anything
 * else — a block gone, a second number, a label that is not USD, an unreadable number or date — is
 * a changed layout: it throws, so a wrong number is never stored.
 */
export class BcvLayoutError extends Error {
  constructor(reason: string) {
    super(`BCV page layout not recognised: ${reason}`);
    this.name = 'BcvLayoutError';
  }
}

export interface BcvRate {
  /** yyyy-mm-dd ('Fecha Valor'). */
  date: string;
  /** Bolívares per US dollar. */
  rate: number;
}

/** The block's HTML: from `<div … id="dolar" …>` to the end of its (nested) divs. */
function dollarBlock(html: string): string {
  const opening = /<div\b[^>]*\bid\s*=\s*["']dolar["'][^>]*>/gi;
  const first = opening.exec(html);
  if (!first) throw new BcvLayoutError('no <div id="dolar"> block');
  if (opening.exec(html)) throw new BcvLayoutError('more than one <div id="dolar"> block');
  // Walk the nested divs to the block's own closing tag.
  const tags = /<(\/?)div\b[^>]*>/gi;
  tags.lastIndex = first.index + first[0].length;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.slice(first.index + first[0].length, tag.index);
  }
  throw new BcvLayoutError('the dolar block never closes');
}

const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** '36,12345678' or '1.234,56789' (the BCV writes a decimal comma) → a number; anything else throws. */
export function parseBcvNumber(raw: string): number {
  const value = raw.trim();
  if (!/^(\d{1,3}(\.\d{3})+|\d+),\d{2,8}$/.test(value))
    throw new BcvLayoutError(`unreadable rate '${value}'`);
  const n = Number(value.replace(/\./g, '').replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0) throw new BcvLayoutError(`unreadable rate '${value}'`);
  return n;
}

export function parseBcvPage(html: string): BcvRate {
  const block = dollarBlock(html);
  if (!/\bUSD\b/.test(text(block))) throw new BcvLayoutError('the dolar block has no USD label');
  const strongs = [...block.matchAll(/<strong\b[^>]*>([\s\S]*?)<\/strong>/gi)];
  if (strongs.length !== 1)
    throw new BcvLayoutError(`expected one <strong> in the dolar block, found ${strongs.length}`);
  const rate = parseBcvNumber(text(strongs[0][1]));

  const dated = [
    ...html.matchAll(/Fecha\s+Valor\s*:?\s*(?:<[^>]*>\s*)*?<span\b([^>]*\bdate-display-single\b[^>]*)>/gi),
  ];
  if (dated.length !== 1) throw new BcvLayoutError(`expected one 'Fecha Valor' date, found ${dated.length}`);
  const content = /\bcontent\s*=\s*["'](\d{4}-\d{2}-\d{2})T[^"']*["']/i.exec(dated[0][1]);
  if (!content || !isIsoDate(content[1]))
    throw new BcvLayoutError("the 'Fecha Valor' date has no readable content");
  return { date: content[1], rate };
}
