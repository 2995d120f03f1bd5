import { describe, expect, it } from 'vitest';
import { type NotificationMailBase, newAnswersMail, newQuestionsMail } from './mail-templates';

const HOSTILE = `<script>alert("x")</script><img src=x onerror='alert(1)'> & "comillas"`;

const base = (over: Partial<NotificationMailBase> = {}): NotificationMailBase => ({
  to: 'vendedor@correo.com',
  recipientName: 'Carlos',
  productTitle: 'Calculadora Casio fx-991',
  productUrl: 'https://mercado.example/product/42',
  unsubscribeUrl: 'https://mercado.example/notificaciones/baja#token=abc.def',
  oneClickUrl: 'https://mercado.example/api/notifications/unsubscribe?token=abc.def',
  settingsUrl: 'https://mercado.example/settings',
  ...over,
});

/** Every tag the HTML holds (only the template's own may be there). */
const tags = (html: string) => [...new Set([...html.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1]))].sort();
const TEMPLATE_TAGS = ['a', 'blockquote', 'body', 'br', 'head', 'hr', 'html', 'meta', 'p', 'title'];

describe('question mails', () => {
  it('say who asked what about which product, in Spanish, with the product link and a way out', () => {
    const mail = newQuestionsMail(base(), [{ askerName: 'Ana', text: '¿Todavía está disponible?' }]);
    expect(mail.to).toBe('vendedor@correo.com');
    expect(mail.subject).toBe('Nueva pregunta sobre «Calculadora Casio fx-991»');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hola, Carlos:');
      expect(body).toContain('Ana preguntó sobre tu producto «Calculadora Casio fx-991»');
      expect(body).toContain('¿Todavía está disponible?');
      expect(body).toContain('https://mercado.example/product/42');
      expect(body).toContain('https://mercado.example/notificaciones/baja#token=abc.def');
      expect(body).toContain('https://mercado.example/settings');
    }
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value: '<https://mercado.example/api/notifications/unsubscribe?token=abc.def>',
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('gather several questions into one mail that lists each', () => {
    const mail = newQuestionsMail(base({ recipientName: null }), [
      { askerName: 'Ana', text: 'Primera pregunta' },
      { askerName: 'Luis', text: 'Segunda pregunta\ncon dos líneas' },
      { askerName: 'Ana', text: 'Tercera pregunta' },
    ]);
    expect(mail.subject).toBe('3 preguntas nuevas sobre «Calculadora Casio fx-991»');
    expect(mail.text).toContain('Hola:');
    expect(mail.text).toContain('Tienes 3 preguntas nuevas');
    for (const text of ['Primera pregunta', 'Segunda pregunta\ncon dos líneas', 'Tercera pregunta'])
      expect(mail.text).toContain(text);
    expect(mail.html).toContain('Segunda pregunta<br>con dos líneas');
    expect(mail.html.match(/<blockquote/g)).toHaveLength(3);
  });

  it('escape every text people wrote in the HTML (title, question, names) and keep the subject one line', () => {
    const mail = newQuestionsMail(
      base({ recipientName: HOSTILE, productTitle: `Título\r\nBcc: x@y.z ${HOSTILE}` }),
      [{ askerName: HOSTILE, text: HOSTILE }],
    );
    expect(tags(mail.html).filter((t) => !TEMPLATE_TAGS.includes(t))).toEqual([]);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('onerror=&#39;alert(1)&#39;');
    expect(mail.html).toContain('&amp; &quot;comillas&quot;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeLessThanOrEqual('Nueva pregunta sobre «»'.length + 80);
  });

  it('escape the links too', () => {
    const mail = newQuestionsMail(base({ productUrl: 'https://x.example/product/1?a=1&b="2"' }), [
      { askerName: 'Ana', text: 'Hola' },
    ]);
    expect(mail.html).toContain('href="https://x.example/product/1?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('answer mails', () => {
  it('give the asker their question and the answer, with the product link and a way out', () => {
    const mail = newAnswersMail(base({ to: 'ana@correo.com', recipientName: 'Ana' }), [
      { question: '¿Acepta pago móvil?', answer: 'Sí, también efectivo.' },
    ]);
    expect(mail.subject).toBe('Respondieron tu pregunta sobre «Calculadora Casio fx-991»');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('¿Acepta pago móvil?');
      expect(body).toContain('Sí, también efectivo.');
      expect(body).toContain('https://mercado.example/product/42');
      expect(body).toContain('https://mercado.example/notificaciones/baja#token=abc.def');
    }
    expect(mail.headers?.map((h) => h.name)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
  });

  it('gather answers and escape what the seller and the asker wrote', () => {
    const mail = newAnswersMail(base({ productTitle: HOSTILE }), [
      { question: HOSTILE, answer: HOSTILE },
      { question: 'Otra', answer: 'Respuesta' },
    ]);
    expect(mail.subject.startsWith('Respondieron 2 de tus preguntas sobre «')).toBe(true);
    expect(tags(mail.html).filter((t) => !TEMPLATE_TAGS.includes(t))).toEqual([]);
    expect(mail.html).not.toContain('<script');
  });
});
