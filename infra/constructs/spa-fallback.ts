/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) of the SPA's default behaviour: a path whose
 * last segment has no extension is a client-side route, so it is served /index.html. Files keep their
 * path, and /api/* never reaches this behaviour, so API 404s stay API 404s (custom error responses
 * would have turned them into the SPA shell).
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
