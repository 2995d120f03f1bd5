import { describe, expect, it } from 'vitest';
import { buildHttpApiEvent, toHttpResult } from './api-event';

describe('toHttpResult (API Gateway’s mapping of a payload-v2 result)', () => {
  it('uses a structured result as given: headers lower-cased, multi-value headers joined, base64 decoded', () => {
    const result = toHttpResult({
      statusCode: 404,
      headers: { 'Content-Type': 'application/json', 'X-Count': 3 },
      multiValueHeaders: { Vary: ['Accept', 'Origin'] },
      cookies: ['a=1'],
      body: Buffer.from('{"ok":false}').toString('base64'),
      isBase64Encoded: true,
    });
    expect(result).toEqual({
      statusCode: 404,
      headers: { 'content-type': 'application/json', 'x-count': '3', vary: 'Accept,Origin' },
      cookies: ['a=1'],
      body: Buffer.from('{"ok":false}'),
    });
  });

  it('answers any other value as a 200 JSON body', () => {
    expect(toHttpResult({ items: [1] })).toMatchObject({
      statusCode: 200,
      body: Buffer.from('{"items":[1]}'),
    });
    expect(toHttpResult(undefined).body.toString()).toBe('null');
  });

  it('answers 500 for a malformed structured result, as API Gateway does', () => {
    for (const malformed of [
      { statusCode: 200.5 },
      { statusCode: '200' },
      { statusCode: 200, headers: { a: { nested: true } } },
      { statusCode: 200, body: 42 },
    ]) {
      const result = toHttpResult(malformed);
      expect(result.statusCode, JSON.stringify(malformed)).toBe(500);
      expect(JSON.parse(result.body.toString())).toEqual({ message: 'Internal Server Error' });
    }
  });
});

describe('buildHttpApiEvent', () => {
  it('builds the event of a request made in process (no socket): route, parameters, query, cookies', () => {
    const event = buildHttpApiEvent(
      {
        method: 'GET',
        url: '/api/products/12?related=1',
        headers: { Accept: 'application/json', cookie: 'mu_u=ucab' },
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
        host: 'localhost:3000',
      },
      { method: 'GET', path: '/api/products/{id}' },
      { id: '12' },
      new Date('2026-03-12T19:03:58Z'),
    );
    expect(event).toMatchObject({
      routeKey: 'GET /api/products/{id}',
      rawPath: '/api/products/12',
      rawQueryString: 'related=1',
      queryStringParameters: { related: '1' },
      pathParameters: { id: '12' },
      cookies: ['mu_u=ucab'],
      headers: { accept: 'application/json' },
      isBase64Encoded: false,
      requestContext: { time: '12/Mar/2026:19:03:58 +0000', domainPrefix: 'localhost' },
    });
    expect(event.body).toBeUndefined();
  });
});
