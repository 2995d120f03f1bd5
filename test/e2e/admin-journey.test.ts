import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { DEMO_ADMIN, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { codeIn, eventually, mailTo } from '../support/mailbox';
import {
  DESKTOP,
  demoProduct,
  launchChromium,
  openSession,
  type Session,
  sessionToken,
  signIn,
} from './journey-support';

/**
 * Issue 10's admin area in Chromium: a student who opens /admin is sent home with a toast; signed
 * out, /admin shows Amplify UI's Authenticator in Spanish (sign-in only) and the demo admin signs in
 * through it; then, in the same browser (a computer), the admin reads the dashboard's counts and
 * charts, resolves a report, deactivates and reactivates a product (it leaves the search and comes
 * back), verifies a student's institutional e-mail, creates, edits and deletes a university,
 * approves a university request (and creates the university it asks for), and rebuilds the search
 * index. The report and the request come from a student this file registers (through the API), so
 * no other journey's order matters; whatever the admin changes is put back, since the stack is
 * shared with the journeys that count the demo catalogue.
 */
const baseUrl = inject('baseUrl');
const sesEndpoint = inject('sesEndpoint');
const cognitoEndpoint = inject('cognitoEndpoint');

const tag = randomBytes(3).toString('hex');
// The student who reports a product and asks for a university (registered through the API).
const STUDENT = {
  email: `admin-e2e-${tag}@gmail.com`,
  institutional: `luis.${tag}@est.ucab.edu.ve`,
  password: 'Clave-admin-e2e-1',
  name: `Luis Solicitante ${tag}`,
};
// Demo products no other journey reports, asks about or counts by title (UNIMET, one each).
const REPORTED = demoProduct(75);
const TOGGLED = demoProduct(79);
const REPORT_COMMENT = `El disco no es de 1TB (${tag}).`;
// The university the admin creates by hand, edits and deletes.
const CREATED = {
  id: `e2e-${tag}`,
  name: `E2E ${tag}`,
  fullName: `Universidad de Pruebas ${tag}`,
  editedFullName: `Universidad Experimental de Pruebas ${tag}`,
  domain: `est.e2e-${tag}.edu.ve`,
  city: 'Maracaibo',
};
// The university the student asks for: its short name gives the suggested id.
const REQUESTED = {
  name: `USB${tag}`,
  id: `usb${tag}`,
  fullName: `Universidad Simón Bolívar ${tag}`,
  domain: `usb-${tag}.edu.ve`,
  city: 'Caracas',
};

let browser: Browser;
let admin: Session;
let page: Page;
let studentToken: string;

// ------------------------------------------------------------------ the API, as the app calls it

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      // The creates this journey posts take a key per submission (decision 041); others ignore it.
      ...(init.method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The newest 6-digit code mailed to an address, once it has more than `after` mails. */
async function codeFor(to: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = await mailTo(sesEndpoint, to);
    const code = mails.length > after ? codeIn(mails.at(-1)) : null;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** An ID token as the web app gets one, for the API calls this journey makes itself. */
const idToken = (email: string, password: string) => sessionToken(baseUrl, cognitoEndpoint, email, password);

let adminTokenCache: string | undefined;
const adminToken = async () => {
  adminTokenCache ??= await idToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
  return adminTokenCache;
};

/** What the public search answers for `q` (every university): the ids and the marketplace's total. */
async function searchIds(q: string): Promise<number[]> {
  const { body } = await api(`/api/products?${new URLSearchParams({ q, limit: '60' })}`);
  return z
    .object({ items: z.array(z.object({ id: z.number() })) })
    .parse(body)
    .items.map((i) => i.id);
}
async function listedTotal(): Promise<number> {
  const { body } = await api('/api/products?limit=1');
  return z.object({ total: z.number() }).parse(body).total;
}
async function publicUniversities(): Promise<{ id: string; name: string; full_name: string }[]> {
  const { body } = await api('/api/universities');
  return z
    .object({ items: z.array(z.object({ id: z.string(), name: z.string(), full_name: z.string() })) })
    .parse(body).items;
}
const publicUniversityIds = async () => (await publicUniversities()).map((u) => u.id);
async function adminUniversityIds(): Promise<string[]> {
  const { body } = await api('/api/admin/universities', { token: await adminToken() });
  return z
    .object({ items: z.array(z.object({ id: z.string() })) })
    .parse(body)
    .items.map((u) => u.id);
}
const publicUniversityNames = async () => (await publicUniversities()).map((u) => u.name);

const dashboardCountsSchema = z.object({
  counts: z.object({
    products_active: z.number(),
    products_total: z.number(),
    profiles: z.number(),
    pending_reports: z.number(),
    universities: z.number(),
  }),
});
async function dashboardCounts() {
  const { status, body } = await api('/api/admin/dashboard', { token: await adminToken() });
  expect(status).toBe(200);
  return dashboardCountsSchema.parse(body).counts;
}

const jobSchema = z.object({ status: z.string(), processed: z.number(), indexed: z.number().nullable() });

// ------------------------------------------------------------------ reading the admin's pages

const main = () => page.getByRole('main');
const nav = () => page.getByRole('navigation', { name: 'Administración' });
const toast = (text: string, role: 'status' | 'alert' = 'status') =>
  page.locator('.toast-region').getByRole(role).filter({ hasText: text });
const dialog = (name: string) => page.getByRole('dialog', { name });
/** es-VE counts: '1.234' → 1234. */
const parseCount = (text: string): number => Number(text.trim().replace(/\./g, ''));

/** A stat card's value (its <dd>, whose first line is the number). */
async function stat(label: string): Promise<{ value: number; note: string }> {
  const dd = main()
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
  const [value, note = ''] = (await dd.innerText()).split('\n');
  return { value: parseCount(value), note: note.trim() };
}

/** A table row by a text it shows (an admin table's body row). */
const row = (text: string): Locator => main().getByRole('row').filter({ hasText: text });

/** The count under the universities' title: '5 universidades'. */
async function universitiesShown(): Promise<number> {
  const text = await main()
    .getByText(/^\d+ universidad(es)?$/)
    .innerText();
  return Number.parseInt(text, 10);
}

/** A university's card on the chooser (/select-university): a link 'Elegir <name> …'. */
const chooserCard = (name: string): Locator =>
  page.getByRole('main').getByRole('link', { name: new RegExp(`^Elegir ${name}`) });

async function openAdminPage(link: string, heading: string): Promise<void> {
  await nav().getByRole('link', { name: link, exact: true }).click();
  await main().getByRole('heading', { level: 1, name: heading }).waitFor();
}

beforeAll(async () => {
  // A registered, confirmed student with a verified UCAB address (as the accounts journey does by hand).
  const signUp = await api('/api/auth/sign-up', {
    method: 'POST',
    body: {
      email: STUDENT.email,
      full_name: STUDENT.name,
      national_id: `V${Number.parseInt(tag, 16) % 100_000_000}`,
      university_id: 'ucab',
    },
  });
  expect(signUp.status).toBe(202);
  const confirmed = await api('/api/auth/confirm', {
    method: 'POST',
    body: {
      registration: (signUp.body as { registration: string }).registration,
      code: await codeFor(STUDENT.email, 0),
      password: STUDENT.password,
    },
  });
  expect(confirmed.status).toBe(200);
  studentToken = await idToken(STUDENT.email, STUDENT.password);
  const asked = await api('/api/me/institutional-email', {
    method: 'POST',
    token: studentToken,
    body: { university_id: 'ucab', email: STUDENT.institutional },
  });
  expect(asked.status).toBe(202);
  const verified = await api('/api/me/institutional-email/verify', {
    method: 'POST',
    token: studentToken,
    body: { code: await codeFor(STUDENT.institutional, 0) },
  });
  expect(verified.status).toBe(200);

  // The student reports a demo product (as the reports journey does from the product's page).
  const pendingBefore = (await dashboardCounts()).pending_reports;
  const reported = await api(`/api/products/${REPORTED.id}/report`, {
    method: 'POST',
    token: studentToken,
    body: { report_category: 'informacion_enganosa', additional_comments: REPORT_COMMENT },
  });
  expect(reported.status).toBe(201);
  // The stream counts it: the dashboard's numbers are settled before the admin reads them.
  await eventually(
    'the pending count to include the report',
    dashboardCounts,
    (c) => c.pending_reports === pendingBefore + 1,
    15_000,
  );

  browser = await launchChromium();
  admin = await openSession(browser, baseUrl, { ...DESKTOP, universityId: 'ucab' });
  page = admin.page;
});

afterAll(async () => {
  await browser?.close();
  // A step that failed half-way leaves the shared stack as the other journeys expect it.
  if (!adminTokenCache) return;
  const token = adminTokenCache;
  await api(`/api/admin/products/${TOGGLED.id}/status`, { method: 'PUT', token, body: { status: 'active' } });
  const left = (await adminUniversityIds()).filter((id) => id === CREATED.id || id === REQUESTED.id);
  for (const id of left) await api(`/api/admin/universities/${id}`, { method: 'DELETE', token });
});

describe('admin area', () => {
  it('sends a signed-in student who opens /admin home, with a toast', async () => {
    const student = await openSession(browser, baseUrl, { universityId: 'ucab' });
    try {
      await student.page.goto('/login');
      await signIn(student.page, DEMO_STUDENT.email, DEMO_STUDENT.password);
      await student.page.goto('/admin/universities');
      await student.page.getByRole('alert').filter({ hasText: 'Acceso denegado' }).waitFor();
      // The toast comes with the redirect, whose route may still be loading: wait for the URL.
      await student.page.waitForURL((url) => !url.pathname.startsWith('/admin'));
      expect(await student.page.getByRole('navigation', { name: 'Administración' }).count()).toBe(0);
      student.expectNoProblems();
    } finally {
      await student.close();
    }
  });

  it('signs the demo admin in through the Authenticator, in Spanish and without a sign-up tab', async () => {
    await page.goto('/admin');
    const form = page.locator('[data-amplify-authenticator]');
    await form.getByRole('heading', { name: 'Panel de Administrador' }).waitFor();
    expect(await form.getByRole('tab', { name: /crear cuenta/i }).count()).toBe(0);
    expect(await form.getByRole('button', { name: /crear cuenta/i }).count()).toBe(0);
    await form.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email.toUpperCase());
    await form.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
    await form.getByRole('button', { name: 'Iniciar sesión' }).click();
    await nav().waitFor();
    expect(await nav().getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Productos',
      'Reportes',
      'Usuarios',
      'Universidades',
      'Solicitudes',
      'Tasa BCV',
      'Volver a la app',
    ]);
    expect(await nav().getByText(DEMO_ADMIN.email).count()).toBe(1);
    admin.expectNoProblems();
  });

  it("shows the dashboard's counts as the server keeps them, its charts and the latest report", async () => {
    await main().getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await main()
      .getByText(/ activos$/)
      .waitFor();
    const counts = await dashboardCounts();
    const products = await stat('Productos');
    expect(products.value).toBe(counts.products_total);
    expect(products.note).toBe(`${counts.products_active.toLocaleString('es-VE')} activos`);
    // The active count is what the marketplace lists; the universities are the ones to choose from.
    expect(counts.products_active).toBe(await listedTotal());
    expect((await stat('Universidades')).value).toBe((await publicUniversityIds()).length);
    expect((await stat('Perfiles')).value).toBe(counts.profiles);
    expect(counts.profiles).toBeGreaterThanOrEqual(4); // the three demo accounts and this file's student
    expect((await stat('Reportes pendientes')).value).toBe(counts.pending_reports);
    expect(counts.pending_reports).toBeGreaterThanOrEqual(1);

    // The charts: an image each (its summary is what a screen reader hears), with the numbers in a table.
    await main()
      .getByRole('img', {
        name: /^Nuevas publicaciones por día \(últimos 30 días\) del .+ al .+: [\d.]+ en total/,
      })
      .waitFor();
    // One series per university to choose from, one row per day of the last 30.
    const daily = main().getByRole('table', { name: 'Nuevas publicaciones por día (últimos 30 días)' });
    const series = (await daily.getByRole('columnheader').allTextContents()).slice(1);
    expect(series.sort()).toEqual((await publicUniversityNames()).sort());
    expect(await daily.getByRole('rowheader').count()).toBe(30);
    await main()
      .getByRole('img', { name: /^Publicaciones activas por categoría: / })
      .waitFor();
    const byCategory = main().getByRole('table', { name: 'Publicaciones activas por categoría' });
    const perCategory = (await byCategory.getByRole('cell').allTextContents()).map(Number);
    expect(perCategory.length).toBeGreaterThan(1);
    expect(perCategory.reduce((a, b) => a + b, 0)).toBe(counts.products_active);

    // The student's report is the newest: its product, category, reporter and institutional address.
    const recent = main().getByRole('region', { name: 'Reportes recientes' }).getByRole('listitem').first();
    await recent.getByText(REPORTED.title, { exact: true }).waitFor();
    await recent.getByText(`Información engañosa · ${STUDENT.name} · ${STUDENT.institutional}`).waitFor();
    await recent.getByText('Pendiente', { exact: true }).waitFor();
    admin.expectNoProblems();
  });

  it('resolves the report with notes: it leaves the pending queue and the product stays listed', async () => {
    const pendingBefore = (await dashboardCounts()).pending_reports;
    await openAdminPage('Reportes', 'Reportes');
    const card = main().getByRole('article', { name: REPORTED.title });
    await card.getByText(REPORT_COMMENT).waitFor();
    await card.getByText(REPORTED.seller_name, { exact: true }).waitFor();
    await card.getByText(`${STUDENT.name} · ${STUDENT.institutional}`).waitFor();
    await card.getByRole('button', { name: 'Resolver', exact: true }).click();

    const decision = dialog('Resolver reporte');
    const notes = 'Se habló con el vendedor; corrigió la descripción.';
    await decision.getByLabel('Notas del administrador').fill(notes);
    await decision.getByText(`${notes.length}/1000`).waitFor();
    await decision.getByRole('button', { name: 'Resolver', exact: true }).click();
    await toast(ADMIN_MESSAGES.reportResolved).waitFor();
    await decision.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });

    await main().getByLabel('Filtrar por estado').selectOption({ label: 'Resueltos' });
    const resolved = main().getByRole('article', { name: REPORTED.title });
    await resolved.getByText('Resuelto', { exact: true }).waitFor();
    await resolved.getByText(new RegExp(` · ${notes}$`)).waitFor();
    expect(await resolved.getByRole('button', { name: 'Resolver' }).count()).toBe(0);

    // The server agrees: one pending report fewer; a plain resolution leaves the product listed.
    await expect
      .poll(async () => (await dashboardCounts()).pending_reports, { timeout: 10_000 })
      .toBe(pendingBefore - 1);
    expect((await api(`/api/products/${REPORTED.id}`)).status).toBe(200);
    admin.expectNoProblems();
  });

  it('deactivates a product, which leaves the search, and reactivates it, which comes back', async () => {
    const listed = await listedTotal();
    expect(await searchIds(TOGGLED.title)).toContain(TOGGLED.id);
    await openAdminPage('Productos', 'Productos');
    await main().getByLabel('Buscar por título o ID').fill(TOGGLED.title);
    const product = row(TOGGLED.title);
    await product.getByText(`#${TOGGLED.id}`, { exact: true }).waitFor();
    await product.getByText('Activo', { exact: true }).waitFor();

    await product.getByRole('button', { name: `Desactivar ${TOGGLED.title}` }).click();
    await toast(`${TOGGLED.title}: Inactivo`).waitFor();
    await product.getByText('Inactivo', { exact: true }).waitFor();
    // The stream takes the change to the index and the counts: poll both.
    await expect.poll(() => searchIds(TOGGLED.title), { timeout: 15_000 }).not.toContain(TOGGLED.id);
    await expect.poll(listedTotal, { timeout: 15_000 }).toBe(listed - 1);
    expect((await api(`/api/products/${TOGGLED.id}`)).status).toBe(404);

    await product.getByRole('button', { name: `Activar ${TOGGLED.title}` }).click();
    await toast(`${TOGGLED.title}: Activo`).waitFor();
    await product.getByText('Activo', { exact: true }).waitFor();
    await expect.poll(() => searchIds(TOGGLED.title), { timeout: 15_000 }).toContain(TOGGLED.id);
    await expect.poll(listedTotal, { timeout: 15_000 }).toBe(listed);
    expect((await api(`/api/products/${TOGGLED.id}`)).status).toBe(200);
    admin.expectNoProblems();
  });

  it("verifies a student's institutional e-mail", async () => {
    const profile = async () =>
      z
        .object({ university_email: z.string().nullable(), university_email_verified: z.boolean() })
        .parse((await api('/api/me/profile', { token: studentToken })).body);
    await openAdminPage('Usuarios', 'Usuarios');
    await main().getByLabel('Buscar por correo').fill(STUDENT.email);
    const user = row(STUDENT.email);
    await user.getByText(STUDENT.institutional, { exact: true }).waitFor();
    await user.getByText('Verificado', { exact: true }).waitFor();

    // Verified by the student's code; the admin withdraws it (the address stays), then verifies it.
    await user.getByRole('button', { name: `Quitar verificación de ${STUDENT.email}` }).click();
    await user.getByText('No verificado', { exact: true }).waitFor();
    await toast(ADMIN_MESSAGES.verificationUpdated).waitFor();
    expect(await profile()).toEqual({
      university_email: STUDENT.institutional,
      university_email_verified: false,
    });

    await user.getByRole('button', { name: `Verificar correo de ${STUDENT.email}` }).click();
    await user.getByText('Verificado', { exact: true }).waitFor();
    await user.getByRole('button', { name: `Quitar verificación de ${STUDENT.email}` }).waitFor();
    expect(await profile()).toEqual({
      university_email: STUDENT.institutional,
      university_email_verified: true,
    });
    admin.expectNoProblems();
  });

  it('creates a university, which the chooser offers at once', async () => {
    await openAdminPage('Universidades', 'Gestión de Universidades');
    const before = await universitiesShown();
    await main().getByRole('button', { name: 'Agregar Universidad' }).click();
    const form = dialog('Nueva Universidad');
    await form.getByLabel('ID', { exact: true }).fill(CREATED.id);
    await form.getByLabel('Nombre corto').fill(CREATED.name);
    await form.getByLabel('Nombre completo').fill(CREATED.fullName);
    await form.getByLabel('Dominio de correo').fill(CREATED.domain);
    await form.getByLabel('Ciudad (opcional)').fill(CREATED.city);
    // No logo: the table shows the short name's initials instead.
    await form.getByRole('button', { name: 'Crear', exact: true }).click();
    await toast(ADMIN_MESSAGES.universityCreated).filter({ hasText: 'Éxito' }).waitFor();
    await form.waitFor({ state: 'detached' });

    const created = row(CREATED.fullName);
    await created.getByText(CREATED.name, { exact: true }).waitFor();
    await created.getByText(CREATED.id, { exact: true }).waitFor();
    await created.getByText(CREATED.domain, { exact: true }).waitFor();
    await main()
      .getByText(`${before + 1} universidades`, { exact: true })
      .waitFor();
    expect(await publicUniversityIds()).toContain(CREATED.id);

    await page.goto('/select-university');
    await chooserCard(CREATED.name).getByText(CREATED.fullName).waitFor();
    admin.expectNoProblems();
  });

  it('edits it: the id stays fixed, the new full name shows in the table and to the public', async () => {
    await page.goto('/admin/universities');
    await main().getByRole('heading', { level: 1, name: 'Gestión de Universidades' }).waitFor();
    await row(CREATED.fullName)
      .getByRole('button', { name: `Editar ${CREATED.name}` })
      .click();
    const form = dialog('Editar Universidad');
    const id = form.getByLabel('ID', { exact: true });
    expect(await id.inputValue()).toBe(CREATED.id);
    expect(await id.isDisabled()).toBe(true);
    expect(await form.getByLabel('Dominio de correo').inputValue()).toBe(CREATED.domain);
    await form.getByLabel('Nombre completo').fill(CREATED.editedFullName);
    await form.getByRole('button', { name: 'Actualizar' }).click();
    await toast(ADMIN_MESSAGES.universityUpdated).filter({ hasText: 'Éxito' }).waitFor();
    await form.waitFor({ state: 'detached' });
    await row(CREATED.editedFullName).getByText(CREATED.id, { exact: true }).waitFor();
    const shown = await publicUniversities();
    expect(shown.find((u) => u.id === CREATED.id)?.full_name).toBe(CREATED.editedFullName);
    admin.expectNoProblems();
  });

  it('deletes it after confirming: its job runs to the end and the chooser no longer offers it', async () => {
    const before = await universitiesShown();
    await row(CREATED.editedFullName)
      .getByRole('button', { name: `Eliminar ${CREATED.name}` })
      .click();
    const confirm = dialog('¿Eliminar universidad?');
    await confirm
      .getByText(`Se eliminará ${CREATED.editedFullName} y todos sus productos.`, { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await toast(ADMIN_MESSAGES.universityDeleted).filter({ hasText: 'Éxito' }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    // Out of the table and the count at once; its job's progress shows until the job ends.
    await row(CREATED.editedFullName).waitFor({ state: 'detached' });
    await main()
      .getByText(`${before - 1} universidades`, { exact: true })
      .waitFor();
    const job = await eventually(
      'the deletion job to finish',
      async () => {
        const { body } = await api('/api/admin/jobs?kind=deleteUniversity', { token: await adminToken() });
        return z
          .object({ items: z.array(jobSchema.extend({ target: z.string().nullable() })) })
          .parse(body)
          .items.find((j) => j.target === CREATED.id);
      },
      (j) => j?.status === 'succeeded' || j?.status === 'failed',
      15_000,
    );
    expect(job?.status).toBe('succeeded');
    expect(job?.processed).toBe(0); // it had no products
    await main()
      .getByRole('status')
      .filter({ hasText: `Eliminando ${CREATED.name} y sus productos` })
      .waitFor({ state: 'detached' });
    expect(await publicUniversityIds()).not.toContain(CREATED.id);

    // The chooser's page may be the edge's copy from before the deletion (kept up to a minute, as
    // CloudFront keeps it): the admin's own browser refetches its list once the app has mounted.
    await page.goto('/select-university');
    await chooserCard('UCAB').waitFor();
    await chooserCard(CREATED.name).waitFor({ state: 'detached' });
    expect(await chooserCard(CREATED.name).count()).toBe(0);
    admin.expectNoProblems();
  });

  it("approves a student's university request and creates the university from it, prefilled", async () => {
    const asked = await api('/api/university-requests', {
      method: 'POST',
      token: studentToken,
      body: {
        university_name: REQUESTED.name,
        university_full_name: REQUESTED.fullName,
        email_domain: REQUESTED.domain,
        city: REQUESTED.city,
        additional_info: 'Somos más de 200 estudiantes interesados.',
      },
    });
    expect(asked.status).toBe(201);

    await page.goto('/admin/university-requests');
    await main().getByRole('heading', { level: 1, name: 'Solicitudes de Universidad' }).waitFor();
    const card = main().getByRole('article', { name: REQUESTED.name });
    await card.getByText(REQUESTED.fullName, { exact: true }).waitFor();
    await card.getByText('Pendiente', { exact: true }).waitFor();
    await card.getByText(STUDENT.name, { exact: true }).waitFor();
    await card.getByText(STUDENT.institutional, { exact: true }).waitFor();
    await card.getByRole('button', { name: `Ver detalles de ${REQUESTED.name}` }).click();

    const details = dialog('Detalles de la solicitud');
    await details.getByText(REQUESTED.domain, { exact: true }).waitFor();
    await details.getByText('Somos más de 200 estudiantes interesados.').waitFor();
    await details.getByLabel('Notas del administrador').fill('Dominio comprobado.');
    await details.getByRole('button', { name: 'Aprobar' }).click();
    await toast(ADMIN_MESSAGES.requestApproved).waitFor();
    await details.waitFor({ state: 'detached' });

    const offer = dialog('¿Crear la universidad?');
    await offer.getByText(`La solicitud de ${REQUESTED.name} fue aprobada.`, { exact: false }).waitFor();
    await offer.getByRole('button', { name: 'Crear universidad' }).click();
    const form = dialog('Nueva Universidad');
    expect(await form.getByLabel('ID', { exact: true }).inputValue()).toBe(REQUESTED.id);
    expect(await form.getByLabel('Nombre corto').inputValue()).toBe(REQUESTED.name);
    expect(await form.getByLabel('Nombre completo').inputValue()).toBe(REQUESTED.fullName);
    expect(await form.getByLabel('Dominio de correo').inputValue()).toBe(REQUESTED.domain);
    expect(await form.getByLabel('Ciudad (opcional)').inputValue()).toBe(REQUESTED.city);
    await form.getByRole('button', { name: 'Crear', exact: true }).click();
    await toast(ADMIN_MESSAGES.universityCreated).filter({ hasText: 'Éxito' }).waitFor();
    await form.waitFor({ state: 'detached' });
    await card.getByText('Aprobada', { exact: true }).waitFor();
    const created = (await publicUniversities()).find((u) => u.id === REQUESTED.id);
    expect(created).toMatchObject({ name: REQUESTED.name, full_name: REQUESTED.fullName });
    admin.expectNoProblems();

    // The stack is shared with journeys that count the universities: this one goes again.
    const removed = await api(`/api/admin/universities/${REQUESTED.id}`, {
      method: 'DELETE',
      token: await adminToken(),
    });
    expect(removed.status).toBe(202);
    await eventually(
      'the requested university to be gone',
      adminUniversityIds,
      (ids) => !ids.includes(REQUESTED.id),
      15_000,
    );
  });

  it('rebuilds the search index from the dashboard and shows its count: every listed product', async () => {
    await openAdminPage('Dashboard', 'Dashboard');
    const panel = main().getByRole('region', { name: 'Índice de búsqueda' });
    const listed = await listedTotal();
    const startedAt = new Date().toISOString();
    await panel.getByRole('button', { name: 'Reindexar' }).click();
    const job = await eventually(
      'the reindex to finish',
      async () => {
        const { body } = await api('/api/admin/jobs?kind=reindex', { token: await adminToken() });
        return z
          .object({ items: z.array(jobSchema.extend({ created_at: z.string() })) })
          .parse(body)
          .items.find((j) => j.created_at >= startedAt);
      },
      (j) => j?.status === 'succeeded' || j?.status === 'failed',
      30_000,
    );
    expect(job?.status).toBe('succeeded');
    expect(job?.indexed).toBe(listed);

    const done = panel.getByRole('status').filter({ hasText: /^Índice reconstruido: / });
    await done.waitFor({ timeout: 15_000 });
    const [, shown] =
      (await done.innerText()).match(/^Índice reconstruido: ([\d.]+) productos indexados\./) ?? [];
    expect(parseCount(shown ?? '')).toBe(listed);
    // The drift check found the index and the table in agreement.
    await panel.getByText('El índice y la base de datos coinciden exactamente.').waitFor();
    expect((await stat('Productos')).note).toBe(`${listed.toLocaleString('es-VE')} activos`);
    await panel.getByRole('button', { name: 'Reindexar' }).waitFor();
    // The rebuilt index answers searches as before.
    expect(await searchIds(TOGGLED.title)).toContain(TOGGLED.id);
    admin.expectNoProblems();
  });
});
