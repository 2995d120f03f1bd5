import {
  RENDER_ORIGIN_HEADER,
  RENDER_PATH_HEADER,
  renderedRouteSources,
  SHELL_PER_VALUE,
  SHELLS_DIR,
  shellFiles,
} from '#shared/pages';

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) of the rendered pages' behaviours
 * (issue 27; docs/decisions/054): the page's real path goes to the render function in
 * RENDER_PATH_HEADER, and the site's origin in RENDER_ORIGIN_HEADER (the stage's domain, else the
 * distribution's own), both replacing any value the viewer sent under those names; the URI becomes
 * the page's static shell (shared/pages.ts shellPathOf: its kind's, or its career's or category's;
 * index.html for a value with none), which the bucket serves when the origin group fails over. The
 * routes and the shells' names are written into the code from shared/pages.ts at synth. `siteOrigin`: the
 * stage's https origin when it has a custom domain, else '' (the distribution's domain, read from
 * the event: naming it here would make the distribution depend on itself).
 */
export function renderPathCode(siteOrigin: string): string {
  return `function handler(event) {
  var request = event.request;
  request.headers['${RENDER_PATH_HEADER}'] = { value: request.uri };
  request.headers['${RENDER_ORIGIN_HEADER}'] = { value: ${JSON.stringify(siteOrigin)} || 'https://' + event.context.distributionDomainName };
  request.uri = shellOf(request.uri);
  return request;
}
var ROUTES = ${JSON.stringify(renderedRouteSources().map(({ kind, source }) => [source, kind, SHELL_PER_VALUE.includes(kind)]))};
var SHELLS = ${JSON.stringify(Object.fromEntries(shellFiles().map((file) => [file, 1])))};
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
