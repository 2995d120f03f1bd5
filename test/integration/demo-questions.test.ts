import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createQuestionRepository } from '../../functions/adapters/dynamodb/questions';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { importExport } from '../../functions/services/publishing/product-import';
import { listQuestions } from '../../functions/services/questions/questions';
import { generateDemoExport } from '../../scripts/demo/data';
import {
  DEMO_QUESTIONS,
  DEMO_SELLER_PRODUCTS,
  type DemoQuestionAccounts,
  seedDemoQuestionsOnce,
} from '../../scripts/demo/questions';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';

/**
 * The demo's questions against DynamoDB Local, in a table of their own (the demo's fixed product
 * ids never meet other files' products): the demo seller's listings, questions answered and
 * waiting, the student's own, and nothing changed by a second start.
 */
const TABLE = 'demo-questions-test';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const accounts: DemoQuestionAccounts = {
  seller: { id: 'seller-sub', name: 'Carlos Méndez', email: 'vendedor@est.ucab.edu.ve' },
  student: { id: 'student-sub', name: 'María Estudiante' },
};

let dynamodb: DynamoDBClient;
let table: TableAccess;

beforeAll(async () => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  dynamodb = localDynamoClient(inject('dynamoEndpoint'));
  await ensureTable(dynamodb, TABLE);
  table = createTableAccess({ endpoint: inject('dynamoEndpoint'), tableName: TABLE });
  // The demo catalogue as the seed imports it (without drawing images).
  const data = generateDemoExport({ now: NOW });
  await importExport(
    { products: createProductRepository(table), universities: createUniversityRepository(table) },
    data,
  );
});
afterAll(() => {
  table?.doc.destroy();
  dynamodb?.destroy();
});

describe('demo questions', () => {
  it('give three UCAB listings to the demo seller and ask realistic questions on them, once', async () => {
    expect(await seedDemoQuestionsOnce(table, accounts, NOW)).toBe(DEMO_QUESTIONS.length);
    const products = createProductRepository(table);
    for (const { id, title } of DEMO_SELLER_PRODUCTS) {
      const product = await products.get(id);
      expect(product).toMatchObject({
        title,
        status: 'active',
        university_id: 'ucab',
        owner_id: 'seller-sub',
        seller_name: 'Carlos Méndez',
      });
    }
    expect((await products.listByOwner('seller-sub', 10)).map((p) => p.id).sort((a, b) => a - b)).toEqual(
      DEMO_SELLER_PRODUCTS.map((p) => p.id),
    );
    // A second start changes nothing.
    expect(await seedDemoQuestionsOnce(table, accounts, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it('show answered and waiting questions oldest first; the seller may answer, the student delete theirs', async () => {
    const deps = { products: createProductRepository(table), questions: createQuestionRepository(table) };
    const seller = { userId: 'seller-sub', email: null, groups: [] };
    const student = { userId: 'student-sub', email: null, groups: [] };
    let waiting = 0;
    let studentsOwn = 0;
    for (const { id } of DEMO_SELLER_PRODUCTS) {
      const asSeller = await listQuestions(deps, seller, id);
      expect(asSeller.is_seller).toBe(true);
      const times = asSeller.items.map((q) => q.created_at);
      expect(times).toEqual([...times].sort());
      for (const q of asSeller.items) {
        expect(Date.parse(q.created_at)).toBeLessThanOrEqual(NOW.getTime());
        expect(q.can_answer).toBe(q.answer_text === null);
        if (q.answer_text === null) waiting += 1;
      }
      const asStudent = await listQuestions(deps, student, id);
      expect(asStudent.can_ask).toBe(true);
      studentsOwn += asStudent.items.filter((q) => q.mine).length;
    }
    expect(waiting).toBe(DEMO_QUESTIONS.filter((q) => !q.answer).length);
    expect(studentsOwn).toBe(DEMO_QUESTIONS.filter((q) => q.asker === 'student').length);
  });

  it('leave other listings as imported: without an owner, closed to questions', async () => {
    const deps = { products: createProductRepository(table), questions: createQuestionRepository(table) };
    const other = await listQuestions(deps, null, 101);
    expect(other).toEqual({
      items: [],
      is_seller: false,
      can_ask: false,
      closed_reason: expect.stringContaining('aún no tiene cuenta'),
    });
  });
});
