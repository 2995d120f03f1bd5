import { RENDER_ORIGIN_HEADER, RENDER_PATH_HEADER } from '#shared/pages';
import { shellOfCode } from './shell-path';

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) of the rendered pages' behaviours
 * (issue 27; docs/decisions/054): the page's real path goes to the render function in
 * RENDER_PATH_HEADER, and the site's origin in RENDER_ORIGIN_HEADER (the stage's domain, else the
 * distribution's own), both replacing any value the viewer sent under those names; the URI becomes
 * the page's static shell (./shell-path.ts: its kind's, or its career's or category's; index.html
 * for a value with none), which the bucket serves when the origin group fails over. `siteOrigin`: the
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
${shellOfCode()}`;
}
