import { VIEWER_ADDRESS_HEADER } from '../../functions/http/client-ip';
import { LIMITS } from '#shared/limits';
import { API_MESSAGES, apiErrorJson } from '#shared/messages';

/** The 413 every layer answers for a body over LIMITS.apiBodyMaxBytes (the router's, word for word). */
export const BODY_TOO_LARGE_BODY = apiErrorJson('payload_too_large', API_MESSAGES.bodyTooLarge);

/**
 * CloudFront Function (viewer request, cloudfront-js-2.0) of the /api/* behaviour:
 * - a request whose Content-Length is over the API's body limit is answered here with the API's
 *   Spanish 413 (decision 043), before API Gateway could answer its English one (its own limit is
 *   10 MB; a body without Content-Length is judged by WAF, where a stage has it, and by the router);
 * - otherwise it writes the viewer's address — what CloudFront itself saw, not anything the viewer
 *   said — into VIEWER_ADDRESS_HEADER, replacing any value the viewer sent under that name. The
 *   behaviour's origin request policy (AllViewerExceptHostHeader) forwards it to API Gateway, whose
 *   own sourceIp is a CloudFront edge's; the functions read it through functions/http/client-ip.ts
 *   (CLIENT_IP_HEADER).
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  var length = request.headers['content-length'];
  if (length && Number(length.value) > ${LIMITS.apiBodyMaxBytes}) {
    return {
      statusCode: 413,
      statusDescription: 'Payload Too Large',
      headers: {
        'content-type': { value: 'application/json; charset=utf-8' },
        'cache-control': { value: 'no-store' },
        'x-content-type-options': { value: 'nosniff' }
      },
      body: { encoding: 'text', data: ${JSON.stringify(BODY_TOO_LARGE_BODY)} }
    };
  }
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;
