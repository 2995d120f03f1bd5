// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReviewReport } from '#shared/reviews';
import { resetSessionForTests } from '@/lib/session';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const ADMIN = signedInSession({ sub: 'a1', email: 'admin@ucab.edu.ve', 'cognito:groups': ['admin'] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

const report = (reporter: string, comment: string | null): AdminReviewReport => ({
  product_id: 7,
  side: 'buyer',
  reporter_id: reporter,
  reporter_name: `Persona ${reporter}`,
  comment,
  status: 'pending',
  created_at: '2026-12-05T12:00:00.000Z',
  review: {
    title: 'Calculadora Casio',
    stars: 1,
    text: 'Pésimo trato.',
    author_name: 'Carla',
    subject_name: 'Sara',
    hidden: false,
  },
});

/** The reports screen's API: no product reports, two reports of one review; the decision empties the queue. */
function reviewReportsApi() {
  let pending = [report('r1', 'Insulta'), report('r2', null)];
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/admin/reports') return { body: { items: [], nextCursor: null } };
    if (path === '/api/admin/review-reports') return { body: { items: pending, nextCursor: null } };
    if (path === '/api/admin/reviews/7/buyer' && req.method === 'PUT') {
      pending = [];
      return { body: { hidden: (req.body as { action: string }).action === 'hide' } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
}

describe("the reports screen's reported reviews (issue 40)", () => {
  it('shows a reported review once with its reports, and hides it in one decision', async () => {
    const api = reviewReportsApi();
    renderApp('/admin/reports', ADMIN);
    const section = within(await screen.findByRole('region', { name: 'Reseñas reportadas' }));
    const card = within(await section.findByRole('listitem', { name: 'Reseña de «Calculadora Casio»' }));
    expect(card.getByRole('img', { name: '1 de 5 estrellas' })).toBeTruthy();
    expect(card.getByText('Carla sobre Sara · «Calculadora Casio»')).toBeTruthy();
    expect(card.getByText('Reportada por Persona r1: «Insulta»')).toBeTruthy();
    expect(card.getByText('Reportada por Persona r2')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Ocultar reseña' }));
    expect(await screen.findByText('Reseña ocultada')).toBeTruthy();
    expect(await section.findByText('No hay reseñas reportadas pendientes')).toBeTruthy();
    const decisions = api.requests.filter((r) => r.method === 'PUT');
    expect(decisions.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/admin/reviews/7/buyer', { action: 'hide', notes: null }],
    ]);
  });
});
