// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question, QuestionList } from '#shared/questions';
import { SIGNED_OUT } from '@/lib/session';
import { type FakeRequest, fakeApi, renderRoutes, signedInSession, withSession } from '@/testing/render';
import { QuestionsSection } from './questions-section';

const question = (over: Partial<Question> = {}): Question => ({
  id: '1760000000000-aaaaaaaaaaaa',
  product_id: 42,
  asker_name: 'Luis Pérez',
  question_text: '¿Todavía está disponible?',
  created_at: '2025-07-29T15:00:00.000Z',
  answer_text: null,
  answered_at: null,
  mine: false,
  can_answer: false,
  ...over,
});

const answered = question({
  id: '1760000000001-bbbbbbbbbbbb',
  asker_name: 'Ana Gómez',
  question_text: '¿Acepta pago móvil?',
  answer_text: 'Sí, acepto pago móvil.',
  answered_at: '2025-07-30T10:00:00.000Z',
});

type Reply = { status?: number; body: unknown };

/** The questions API as the server answers it, with each write's reply given by the test. */
function questionsApi(list: QuestionList, writes: { ask?: Reply; answer?: Reply; remove?: Reply } = {}) {
  let current = list;
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/products/42/questions' && req.method === 'GET') return { body: current };
    if (path === '/api/products/42/questions' && req.method === 'POST') {
      const reply = writes.ask ?? { status: 500, body: {} };
      if ((reply.status ?? 200) < 300) current = { ...current, items: [...current.items, reply.body as Question] };
      return reply;
    }
    if (path.endsWith('/answer') && req.method === 'PUT') {
      const reply = writes.answer ?? { status: 500, body: {} };
      if ((reply.status ?? 200) < 300)
        current = { ...current, items: current.items.map((q) => (q.id === (reply.body as Question).id ? (reply.body as Question) : q)) };
      return reply;
    }
    if (req.method === 'DELETE') {
      const reply = writes.remove ?? { status: 500, body: {} };
      if ((reply.status ?? 200) < 300) current = { ...current, items: current.items.filter((q) => !path.endsWith(q.id)) };
      return reply;
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
}

const listOf = (items: Question[], over: Partial<QuestionList> = {}): QuestionList => ({
  items,
  is_seller: false,
  can_ask: true,
  closed_reason: null,
  ...over,
});

const render = (session = signedInSession()) =>
  renderRoutes(
    withSession(session, [
      { path: '/product/:id', element: <QuestionsSection productId={42} /> },
      { path: '/login', element: <p>Pantalla de inicio de sesión</p> },
    ]),
    '/product/42',
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Preguntas y respuestas', () => {
  it('shows every question oldest first, with its answer or the waiting text, as text', async () => {
    questionsApi(
      listOf([question({ question_text: '<b>¿Sigue disponible?</b>' }), answered], { can_ask: false }),
    );
    const { container } = render(SIGNED_OUT);
    const list = await screen.findByRole('list', { name: 'Preguntas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.question__text')?.textContent)).toEqual([
      '<b>¿Sigue disponible?</b>',
      '¿Acepta pago móvil?',
    ]);
    expect(container.querySelector('b')).toBeNull();
    expect(within(items[0]).getByText('Esperando respuesta del vendedor...')).toBeTruthy();
    expect(within(items[0]).getByText('Luis Pérez')).toBeTruthy();
    expect(within(items[0]).getByText('29 de julio de 2025')).toBeTruthy();
    expect(within(items[1]).getByText('Sí, acepto pago móvil.')).toBeTruthy();
  });

  it('tells a visitor to sign in and leads to /login and back to the product', async () => {
    questionsApi(listOf([answered], { can_ask: false }));
    const { router } = render(SIGNED_OUT);
    expect(await screen.findByText(/Debes iniciar sesión para hacer una pregunta/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    const link = screen.getByRole('link', { name: 'Iniciar sesión' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fproduct%2F42');
    fireEvent.click(link);
    await screen.findByText('Pantalla de inicio de sesión');
    expect(router.state.location.search).toBe('?next=%2Fproduct%2F42');
  });

  it('checks a question with the spec rules before sending anything', async () => {
    const api = questionsApi(listOf([]));
    render();
    const box = await screen.findByLabelText('Pregunta al vendedor');
    for (const [text, message] of [
      ['ok', 'Contenido demasiado corto'],
      ['x'.repeat(2001), 'Contenido demasiado largo'],
      ['hola hola hola hola hola hola hola hola hola hola hola', 'Contenido repetitivo detectado'],
      ['¿Tienes WhatsApp?', 'Patrón de spam detectado'],
    ]) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(box.getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2001/2000').className).toContain('comment-form__count--over');
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends a question, shows it at once and empties the box', async () => {
    const mine = question({ id: '1760000000009-cccccccccccc', question_text: '¿Hace entregas en la UCV?', mine: true });
    const api = questionsApi(listOf([answered]), { ask: { status: 201, body: mine } });
    render();
    const box = (await screen.findByLabelText('Pregunta al vendedor')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  ¿Hace entregas\u200B en la UCV?  ' } });
    expect(screen.getByText('25/2000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    expect(await screen.findByText('¿Hace entregas en la UCV?')).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(''));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ question_text: '¿Hace entregas en la UCV?' });
    expect(await screen.findByText('Pregunta enviada')).toBeTruthy();
  });

  it('shows a refusal with its reason, and a moderator failure as such; nothing is added', async () => {
    questionsApi(listOf([]), {
      ask: { status: 422, body: { error: { code: 'content_rejected', message: 'Lenguaje ofensivo o irrespetuoso' } } },
    });
    render();
    const box = await screen.findByLabelText('Pregunta al vendedor');
    fireEvent.change(box, { target: { value: 'Una pregunta grosera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Pregunta rechazada');
    expect(alert.textContent).toContain('Lenguaje ofensivo o irrespetuoso');
    expect((box as HTMLTextAreaElement).value).toBe('Una pregunta grosera');
    cleanup();

    questionsApi(listOf([]), {
      ask: { status: 503, body: { error: { code: 'moderation_error', message: 'No pudimos revisar el contenido.' } } },
    });
    render();
    fireEvent.change(await screen.findByLabelText('Pregunta al vendedor'), { target: { value: '¿Sigue disponible?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error de moderación');
    cleanup();

    questionsApi(listOf([]), {
      ask: { status: 429, body: { error: { code: 'too_many_requests', message: 'Has hecho demasiadas preguntas.' } } },
    });
    render();
    fireEvent.change(await screen.findByLabelText('Pregunta al vendedor'), { target: { value: '¿Sigue disponible?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    const limit = await screen.findByRole('alert');
    expect(limit.textContent).toContain('Error al enviar la pregunta');
    expect(limit.textContent).toContain('Has hecho demasiadas preguntas.');
    expect(screen.getByText('Aún no hay preguntas sobre este producto.')).toBeTruthy();
  });

  it('gives the seller no ask form, and an answer form under each unanswered question', async () => {
    const open = question({ can_answer: true });
    const api = questionsApi(listOf([open, answered], { is_seller: true, can_ask: false }), {
      answer: { body: { ...open, answer_text: 'Sí, sigue disponible.', answered_at: '2025-07-30T12:00:00.000Z', can_answer: false } },
    });
    render();
    expect(await screen.findByText(/Esta es tu publicación/)).toBeTruthy();
    expect(screen.queryByLabelText('Pregunta al vendedor')).toBeNull();
    expect(screen.getAllByLabelText('Tu respuesta')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Tu respuesta'), { target: { value: 'Sí, sigue disponible.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText('Sí, sigue disponible.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Tu respuesta')).toBeNull());
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/products/42/questions/${open.id}/answer`);
    expect(put?.body).toEqual({ answer_text: 'Sí, sigue disponible.' });
  });

  it("titles a refused answer 'Respuesta rechazada'", async () => {
    questionsApi(listOf([question({ can_answer: true })], { is_seller: true, can_ask: false }), {
      answer: { status: 422, body: { error: { code: 'content_rejected', message: 'Datos de contacto' } } },
    });
    render();
    fireEvent.change(await screen.findByLabelText('Tu respuesta'), { target: { value: 'Escríbeme al cero cuatro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Respuesta rechazada');
  });

  it('lets the asker delete their own question after confirming, and no one else', async () => {
    const mine = question({ mine: true });
    const api = questionsApi(listOf([mine, answered]), { remove: { body: { id: mine.id, deleted: true } } });
    render();
    await screen.findByRole('list', { name: 'Preguntas' });
    expect(screen.getAllByRole('button', { name: 'Eliminar pregunta' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar pregunta' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar tu pregunta?' });
    // Cancelling deletes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar pregunta' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('¿Todavía está disponible?')).toBeNull());
    expect(await screen.findByText('Pregunta eliminada')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'DELETE')?.url.pathname).toBe(`/api/products/42/questions/${mine.id}`);
    expect(screen.getByText('¿Acepta pago móvil?')).toBeTruthy();
  });

  it("says 'Error al eliminar la pregunta' when the delete fails", async () => {
    questionsApi(listOf([question({ mine: true })]), {
      remove: { status: 500, body: { error: { code: 'internal', message: 'Ocurrió un error inesperado' } } },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar pregunta' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error al eliminar la pregunta');
    expect(screen.getByText('¿Todavía está disponible?')).toBeTruthy();
  });

  it('shows why a product takes no questions', async () => {
    questionsApi(listOf([], { can_ask: false, closed_reason: 'Este producto ya no está a la venta.' }));
    render();
    expect(await screen.findByText('Este producto ya no está a la venta.')).toBeTruthy();
    expect(screen.queryByLabelText('Pregunta al vendedor')).toBeNull();
  });
});
