import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * The system Chromium (`apt-get install chromium`, which scripts/ensure.mjs runs when it is missing),
 * or CHROME_PATH's; Playwright never downloads browsers here.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium with a fresh temporary profile. A phone-sized viewport by default: most
 * students browse on low-end Android phones.
 */
export async function launchBrowser(
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: opts.viewport ?? { width: 390, height: 844 },
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
