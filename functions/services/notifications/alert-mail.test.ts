import { describe, expect, it } from 'vitest';
import { alertMail, alertSubject } from './alert-mail';

const base = {
  to: 'ana@correo.com',
  recipientName: 'Ana',
  alertsUrl: 'https://mercado.test/alertas',
  unsubscribeUrl: 'https://mercado.test/alertas/baja#token=t',
  oneClickUrl: 'https://mercado.test/api/alerts/unsubscribe?token=t',
};
const listing = (title: string, price: number) => ({
  title,
  price,
  photoUrl: 'https://mercado.test/images/products/1/a.webp',
  url: 'https://mercado.test/product/1',
});

describe('alert mails', () => {
  it('names the search in the subject: one listing, several, several searches', () => {
    expect(alertSubject(1, ['calculadora'])).toBe('Nuevo producto para "calculadora"');
    expect(alertSubject(3, ['calculadora'])).toBe('3 nuevos productos para "calculadora"');
    expect(alertSubject(2, ['calculadora', 'silla'])).toBe(
      '2 nuevos productos para "calculadora" y otras alertas',
    );
  });

  it('escapes what sellers wrote, shows photo, title and price, and carries the unsubscribe headers', () => {
    const mail = alertMail({
      ...base,
      searchLabels: ['calculadora'],
      listings: [listing('<script>alert(1)</script> Casio', 12.5)],
      total: 1,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Casio');
    expect(mail.html).toContain('<img src="https://mercado.test/images/products/1/a.webp"');
    expect(mail.html).toContain('US$ 12,50');
    expect(mail.html).toContain('No recibir más alertas');
    expect(mail.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${base.oneClickUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('counts every listing in the subject when the mail shows only the first dozen', () => {
    const mail = alertMail({ ...base, searchLabels: ['libro'], listings: [listing('Libro', 5)], total: 15 });
    expect(mail.subject).toBe('15 nuevos productos para "libro"');
    expect(mail.text).toContain('Y 14 más en tus alertas.');
  });
});
