import { pageRouteSources, SHELLS_DIR, shellFiles } from '#shared/pages';

/**
 * The part of CloudFront's viewer-request functions (cloudfront-js-2.0) that names a page's static
 * shell (shared/pages.ts shellPathOf, decision 052, issue 38): `shellOf(uri)` is the shell file of
 * the page at `uri`, its kind's or its career's or category's, and '/index.html' for a path that
 * is no page of shared/pages.ts or whose value has no shell. Written into the code from the ONE list
 * of pages at synth, for the rendered pages' function (the origin group's fallback,
 * ./render-path.ts) and the default behaviour's (./spa-fallback.ts) alike.
 */
export function shellOfCode(): string {
  const routes = pageRouteSources().map(({ kind, source, perValue }) => [source, kind, perValue]);
  const shells = Object.fromEntries(shellFiles().map((file) => [file, 1]));
  return `var ROUTES = ${JSON.stringify(routes)};
var SHELLS = ${JSON.stringify(shells)};
function shellOf(uri) {
  for (var i = 0; i < ROUTES.length; i++) {
    if (new RegExp(ROUTES[i][0]).test(uri)) {
      var name = ROUTES[i][2] ? ROUTES[i][1] + '-' + uri.substring(uri.lastIndexOf('/') + 1) : ROUTES[i][1];
      var file = '/${SHELLS_DIR}/' + name + '.html';
      return SHELLS[file] ? file : '/index.html';
    }
  }
  return '/index.html';
}`;
}
