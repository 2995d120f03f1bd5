import type { BcvPageSource } from '../../ports/exchange-rates';

/** The BCV's home page: its 'Tipo de Cambio de Referencia' block holds the official USD rate. */
export const BCV_URL = 'https://www.bcv.org.ve/';
const TIMEOUT_MS = 20_000;
/** The page is ~100 KB; anything far larger is not the page. */
const MAX_BYTES = 2_000_000;

/** Fetches the page over https (20 s, 2 MB at most); a non-200 answer throws. */
export function createBcvPageSource(url = BCV_URL): BcvPageSource {
  return {
    async fetchPage() {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'text/html', 'accept-language': 'es-VE,es;q=0.9' },
        redirect: 'follow',
      });
      if (!res.ok) throw new Error(`BCV page answered ${res.status}`);
      const text = await res.text();
      if (text.length > MAX_BYTES) throw new Error(`BCV page too large (${text.length} characters)`);
      return text;
    },
  };
}
