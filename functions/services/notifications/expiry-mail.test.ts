import { describe, expect, it } from 'vitest';
import { expiryReminderMail } from './expiry-mail';

describe('the expiry reminder mail', () => {
  const mail = expiryReminderMail({
    to: 'vendedor@ucab.edu.ve',
    sellerName: 'Ana <b>',
    productTitle: 'Libro "Cálculo" <script>alert(1)</script>',
    whenText: 'Vence en 3 días',
    renewUrl: 'https://mercado.example/publicacion/renovar#token=abc.def',
    soldUrl: 'https://mercado.example/publicacion/vendida#token=ghi.jkl',
    myProductsUrl: 'https://mercado.example/my-products',
  });

  it('offers Renovar and the sale, in Spanish, with both links', () => {
    expect(mail.subject).toContain('está por vencer');
    expect(mail.text).toContain('vence en 3 días');
    expect(mail.text).toContain('Renovar: https://mercado.example/publicacion/renovar#token=abc.def');
    expect(mail.text).toContain(
      'Marcar como vendida: https://mercado.example/publicacion/vendida#token=ghi.jkl',
    );
    expect(mail.html).toContain('href="https://mercado.example/publicacion/renovar#token=abc.def"');
    expect(mail.html).toContain('>Renovar</a>');
  });

  it('escapes what the seller typed', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('Ana <b>');
  });
});
