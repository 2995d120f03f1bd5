import { shellOfCode } from './shell-path';

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) of the SPA's default behaviour: a path whose
 * last segment has no extension is a client-side route. A page of shared/pages.ts is served its
 * static shell (issue 38): the pages that need the session or a mail link's token (shellPages()),
 * always, and a rendered page that reaches this behaviour (`/`, which no path pattern can name, and
 * the other spellings of a page, `/login/`) its kind's; any other route the generic /index.html.
 * So no page's first paint is blank. Files keep their path, and /api/* never reaches this
 * behaviour, so API 404s stay API 404s (custom error responses would have turned them into the
 * SPA shell).
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = shellOf(uri);
  }
  return request;
}
${shellOfCode()}`;
