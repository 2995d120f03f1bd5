import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * index.html's body as the browser has it before any script runs (the inert bar and an empty
 * main), for the early script's paints; its scripts left out, which happy-dom would try to load.
 */
export function indexShellBody(): string {
  const html = readFileSync(join(process.cwd(), 'web/index.html'), 'utf8');
  const body = html.slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'));
  return body.replace(/<script[\s\S]*?<\/script>/g, '');
}
