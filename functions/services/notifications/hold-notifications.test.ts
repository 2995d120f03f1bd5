import { describe, expect, it } from 'vitest';
import type { StreamChange } from '../../ports/stream';
import { holdEventOf } from './hold-notifications';
import { heldForReviewMail } from './mail-templates';

const product = (over: Record<string, unknown> = {}) => ({
  id: 42,
  title: 'Bicicleta montañera',
  owner_id: 'seller-1',
  status: 'active',
  ...over,
});
const change = (
  eventName: StreamChange['eventName'],
  oldImage?: Record<string, unknown>,
  newImage?: Record<string, unknown>,
): StreamChange => ({ eventName, sequenceNumber: '1', keys: { pk: 'PRODUCT#42', sk: 'PRODUCT' }, oldImage, newImage });
const HELD = '2026-06-01T10:00:00.000Z';

describe('which product change tells the seller of a hold', () => {
  it('is the change from not held to held, of a product with an account behind it', () => {
    expect(holdEventOf(change('MODIFY', product(), product({ held_at: HELD })))).toEqual({
      productId: 42,
      ownerId: 'seller-1',
      title: 'Bicicleta montañera',
    });
  });

  it('is none for a release, an edit while held, a new or deleted product, or a listing without an account', () => {
    expect(holdEventOf(change('MODIFY', product({ held_at: HELD }), product()))).toBeNull();
    expect(holdEventOf(change('MODIFY', product({ held_at: HELD }), product({ held_at: HELD, price: 9 })))).toBeNull();
    expect(holdEventOf(change('INSERT', undefined, product({ held_at: HELD })))).toBeNull();
    expect(holdEventOf(change('REMOVE', product({ held_at: HELD }), undefined))).toBeNull();
    expect(holdEventOf(change('MODIFY', product({ owner_id: undefined }), product({ owner_id: undefined, held_at: HELD })))).toBeNull();
    expect(holdEventOf(change('MODIFY', product(), product({ held_at: '' })))).toBeNull();
  });
});

describe('the hold mail', () => {
  it('escapes the title in its HTML and keeps it whole in its text', () => {
    const mail = heldForReviewMail('s@correo.com', null, 'Mesa <b>"roja"</b>', 'https://app.test/my-products');
    expect(mail.subject).toBe('Tu publicación «Mesa <b>"roja"</b>» está en revisión');
    expect(mail.html).toContain('Mesa &lt;b&gt;&quot;roja&quot;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Hola:\n');
    expect(mail.text).toContain('https://app.test/my-products');
    expect(mail.headers).toBeUndefined();
  });
});
