import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { ENV } from '../../functions/commons/env';
import { DEMO_PRODUCT_COUNT } from '../../scripts/demo/data';
import { DEMO_CATALOGUE_SELLERS, DEMO_IMPORTED_IDS } from '../../scripts/demo/sellers';
import { DEMO_SELLER, DEMO_STUDENT } from '../../scripts/local/demo-users';
import { type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { signInLocal } from '../../scripts/local/parts/cognito';
import { decodeJwtPayload } from '../support/local-cognito';
import { eventually, mailTo } from '../support/mailbox';

/**
 * Issue 28: the demo catalogue `npm start` loads belongs to demo sellers who have accounts — in
 * cognito-local and the table, verified for their university, with public names — so a newcomer's
 * first product page has a seller who can receive questions; only the few listings marked imported
 * keep a seller of the earlier app. Through the whole local stack with the demo seeded.
 */
let stack: LocalStack;
let table: TableAccess;
let dataDir: string;
const products: Product[] = [];
const savedWindow = process.env[ENV.notifyWindowSeconds];

beforeAll(async () => {
  // Question mails go out a second after the question (15 minutes in AWS).
  process.env[ENV.notifyWindowSeconds] = '1';
  dataDir = mkdtempSync(join(tmpdir(), 'demo-sellers-'));
  stack = await startLocalStack({ dataDir, port: 0, seed: true, quiet: true });
  table = createTableAccess({ endpoint: stack.dynamodbEndpoint, tableName: stack.tableName });
  const repo = createProductRepository(table);
  for (let id = 1; id <= DEMO_PRODUCT_COUNT; id++) {
    const product = await repo.get(id);
    if (product) products.push(product);
  }
}, 600_000);

afterAll(async () => {
  table?.doc.destroy();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (savedWindow === undefined) delete process.env[ENV.notifyWindowSeconds];
  else process.env[ENV.notifyWindowSeconds] = savedWindow;
});

const api = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${stack.url}${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });

describe('the demo catalogue', () => {
  it('gives every listing but the few marked imported a seller with an account, verified for their university, who takes questions', async () => {
    expect(products).toHaveLength(DEMO_PRODUCT_COUNT);
    const imported = products.filter((p) => !p.owner_id).map((p) => p.id);
    expect(imported).toEqual([...DEMO_IMPORTED_IDS]);

    // Every owner is a demo account that signs in with its password: the catalogue's sellers and
    // the demo seller of the README.
    const accounts = new Map<string, { email: string; name: string }>();
    for (const user of [DEMO_SELLER, ...DEMO_CATALOGUE_SELLERS]) {
      const { idToken } = await signInLocal(stack, user);
      accounts.set(String(decodeJwtPayload(idToken).sub), { email: user.email, name: user.name });
    }
    const owners = new Set(products.flatMap((p) => (p.owner_id ? [p.owner_id] : [])));
    expect([...owners].every((owner) => accounts.has(owner))).toBe(true);
    // Every catalogue seller holds listings.
    expect(owners.size).toBe(accounts.size);

    for (const p of products) {
      if (!p.owner_id) continue;
      // The listing names its seller's account, as a listing published by them does.
      expect(p.seller_email, `listing ${p.id}`).toBe(accounts.get(p.owner_id)?.email);
      expect(p.seller_name, `listing ${p.id}`).toBe(accounts.get(p.owner_id)?.name);
    }
    // Their public pages: their name, verified for the university their listings are at.
    for (const owner of owners) {
      const listing = products.find((p) => p.owner_id === owner) as Product;
      const res = await api(`/api/sellers/${owner}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        display_name: accounts.get(owner)?.name,
        verified: true,
        university_id: listing.university_id,
      });
    }
    // Every listing on sale takes questions, but the imported ones.
    for (const p of products.filter((p) => p.status === 'active')) {
      const res = await api(`/api/products/${p.id}/questions`);
      const { closed_reason } = (await res.json()) as { closed_reason: string | null };
      if (DEMO_IMPORTED_IDS.includes(p.id))
        expect(closed_reason, `listing ${p.id}`).toMatch(/no tiene cuenta/);
      else expect(closed_reason, `listing ${p.id}`).toBeNull();
    }
  });

  it("delivers a question asked on a catalogue seller's listing to that seller: their page, their answer, their mail", async () => {
    const seller = DEMO_CATALOGUE_SELLERS[0];
    const { idToken: sellerToken } = await signInLocal(stack, seller);
    const sellerId = String(decodeJwtPayload(sellerToken).sub);
    const listing = products.find((p) => p.owner_id === sellerId && p.status === 'active');
    if (!listing) throw new Error(`no active listing of ${seller.email}`);
    const { idToken: studentToken } = await signInLocal(stack, DEMO_STUDENT);

    const question_text = '¿Sigue disponible? Lo puedo buscar mañana en la universidad.';
    const asked = await api(`/api/products/${listing.id}/questions`, studentToken, {
      method: 'POST',
      headers: { 'idempotency-key': 'demo-sellers-question-0001' },
      body: JSON.stringify({ question_text }),
    });
    expect(asked.status).toBe(201);
    const { id } = (await asked.json()) as { id: string };

    // The seller sees it as theirs to answer, and answers it.
    const list = await api(`/api/products/${listing.id}/questions`, sellerToken);
    expect(await list.json()).toMatchObject({
      is_seller: true,
      items: expect.arrayContaining([expect.objectContaining({ id, question_text, can_answer: true })]),
    });
    const answered = await api(`/api/products/${listing.id}/questions/${id}/answer`, sellerToken, {
      method: 'PUT',
      body: JSON.stringify({ answer_text: 'Sí, sigue disponible. Nos vemos en la biblioteca.' }),
    });
    expect(answered.status).toBe(200);

    // And the question reached their mailbox.
    const mails = await eventually(
      `a question mail to ${seller.email}`,
      () => mailTo(stack.sesEndpoint, seller.email),
      (m) => m.some((mail) => mail.text.includes(question_text) || mail.html.includes(listing.title)),
      30_000,
    );
    expect(mails.length).toBeGreaterThan(0);
  });
});
