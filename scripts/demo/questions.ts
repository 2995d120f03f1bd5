import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { both, present } from '../../functions/adapters/dynamodb/entity';
import { createQuestionRepository } from '../../functions/adapters/dynamodb/questions';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import type { StoredQuestion } from '../../functions/ports/questions';
import { makeQuestionId } from '#shared/questions';
import type { Product } from '#shared/schemas';
import { isSeeded, markSeeded } from './seed-marker';

/**
 * Questions and answers for the demo (local stack only). Imported listings have no seller account
 * (owners are linked later by their e-mail), and nobody may ask where nobody can answer; so the demo
 * gives three UCAB listings to the demo seller account, as that link would, and seeds realistic
 * questions on them: some answered, some waiting for the seller (who can answer them after signing
 * in), and two asked by the demo student (who sees 'Eliminar pregunta' on them).
 */
export const DEMO_SELLER_PRODUCTS = [
  { id: 13, title: 'Bicicleta montañera rin 26' },
  { id: 73, title: 'Parlante Bluetooth JBL Flip 5' },
  { id: 109, title: 'Tablet Samsung Galaxy Tab A8 con forro' },
] as const;

interface DemoQuestion {
  product: (typeof DEMO_SELLER_PRODUCTS)[number]['id'];
  /** Who asked: a demo account ('student'), or a person without an account here. */
  asker: 'student' | { id: string; name: string };
  question: string;
  answer?: string;
  /** Hours after the listing was published (so the ids never depend on when the seed ran). */
  hoursAfter: number;
}

export const DEMO_QUESTIONS: readonly DemoQuestion[] = [
  {
    product: 13,
    asker: { id: 'demo-asker-andres', name: 'Andrés Rivas' },
    question: '¿Todavía está disponible? ¿Los cambios funcionan bien?',
    answer:
      'Sí, sigue disponible. Los cambios Shimano funcionan perfecto: le hice mantenimiento el mes pasado.',
    hoursAfter: 20,
  },
  {
    product: 13,
    asker: { id: 'demo-asker-daniela', name: 'Daniela Torres' },
    question: '¿Aceptas pago móvil o solo efectivo?',
    answer: 'Acepto pago móvil y efectivo en dólares.',
    hoursAfter: 44,
  },
  {
    product: 13,
    asker: { id: 'demo-asker-jesus', name: 'Jesús Carrillo' },
    question: '¿Me la puedes llevar a la UCAB el jueves en la tarde?',
    hoursAfter: 96,
  },
  {
    product: 73,
    asker: 'student',
    question: '¿La batería todavía dura varias horas?',
    answer: 'Sí, unas 10 horas con el volumen a la mitad.',
    hoursAfter: 26,
  },
  {
    product: 73,
    asker: { id: 'demo-asker-gabriel', name: 'Gabriel Suárez' },
    question: '¿Incluye el cable de carga original?',
    hoursAfter: 70,
  },
  {
    product: 109,
    asker: { id: 'demo-asker-valentina', name: 'Valentina Ortiz' },
    question: '¿Tiene algún rayón en la pantalla?',
    answer: 'Ninguno: siempre tuvo protector de pantalla y el forro.',
    hoursAfter: 8,
  },
  {
    product: 109,
    asker: 'student',
    question: '¿Hace entregas en la UCV?',
    hoursAfter: 50,
  },
];

export interface DemoQuestionAccounts {
  seller: { id: string; name: string; email: string };
  student: { id: string; name: string };
}

/** Gives an imported (ownerless) product to the seller; a product someone owns already stays theirs. */
async function adopt(
  table: TableAccess,
  id: number,
  seller: DemoQuestionAccounts['seller'],
): Promise<Product | null> {
  const t = tableOf(table);
  const product = await productEntity.get(t, { id }, { consistent: true });
  if (!product) return null;
  if (product.owner_id) return product;
  const adopted: Product = {
    ...product,
    owner_id: seller.id,
    seller_name: seller.name,
    seller_email: seller.email,
  };
  // Still there and still nobody's (null when someone took it meanwhile).
  const written = await t.write(
    productEntity.put(adopted, {
      condition: both(present, {
        expression: 'attribute_not_exists(owner_id) OR attribute_type(owner_id, :null)',
        values: { ':null': 'NULL' },
      }),
    }),
  );
  return written ? adopted : null;
}

/**
 * Seeds the demo questions; idempotent (ids fixed by the listing's date, conditional writes): a
 * second run changes nothing. Products missing from the table or owned by someone else are skipped. Returns how many
 * questions were written.
 */
export async function seedDemoQuestions(
  table: TableAccess,
  accounts: DemoQuestionAccounts,
  now: Date = new Date(),
): Promise<number> {
  const repo = createQuestionRepository(table);
  const products = new Map<number, Product>();
  for (const { id } of DEMO_SELLER_PRODUCTS) {
    const product = await adopt(table, id, accounts.seller);
    if (product?.owner_id === accounts.seller.id) products.set(id, product);
  }
  let written = 0;
  for (const [index, q] of DEMO_QUESTIONS.entries()) {
    const product = products.get(q.product);
    if (!product) continue;
    // After the listing, never in the future (a listing published minutes ago gets them at once).
    const asked = Math.min(Date.parse(product.created_at) + q.hoursAfter * 3_600_000, now.getTime());
    const asker = q.asker === 'student' ? accounts.student : q.asker;
    const question: StoredQuestion = {
      id: makeQuestionId(asked, (0xde0000000000 + index).toString(16)),
      product_id: product.id,
      product_title: product.title,
      seller_id: accounts.seller.id,
      asker_id: asker.id,
      asker_name: asker.name,
      question_text: q.question,
      created_at: new Date(asked).toISOString(),
      ...(q.answer
        ? {
            answer_text: q.answer,
            answered_at: new Date(Math.min(asked + 2 * 3_600_000, now.getTime())).toISOString(),
          }
        : {}),
    };
    if (await repo.create(question)) written += 1;
  }
  return written;
}

/** Written once the demo questions are in: later starts leave them as people changed them. */
export const QUESTIONS_SEED_MARKER = { pk: 'META#seed', sk: 'META#questions-v1' } as const;

/** Seeds the demo questions once per table (the marker goes in last, so an interrupted seed runs again). */
export async function seedDemoQuestionsOnce(
  table: TableAccess,
  accounts: DemoQuestionAccounts,
  now: Date = new Date(),
): Promise<number | null> {
  if (await isSeeded(table, QUESTIONS_SEED_MARKER)) return null;
  const written = await seedDemoQuestions(table, accounts, now);
  await markSeeded(table, QUESTIONS_SEED_MARKER, now);
  return written;
}
