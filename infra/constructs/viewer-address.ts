import { VIEWER_ADDRESS_HEADER } from '../../functions/http/client-ip';

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) of the /api/* behaviour: writes the
 * viewer's address — what CloudFront itself saw, not anything the viewer said — into
 * VIEWER_ADDRESS_HEADER, replacing any value the viewer sent under that name. The behaviour's origin
 * request policy (AllViewerExceptHostHeader) forwards it to API Gateway, whose own sourceIp is a
 * CloudFront edge's; the functions read it through functions/http/client-ip.ts (CLIENT_IP_HEADER).
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;
