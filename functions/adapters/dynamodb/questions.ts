import { keys } from '#shared/table';
import type { QuestionRepository } from '../../ports/questions';
import type { TableAccess } from './client';
import { interestCame, questionEntity } from './entities';
import { transactCreate } from './idempotency';
import { settled, tableOf } from './table';

export function createQuestionRepository(access: TableAccess): QuestionRepository {
  const table = tableOf(access);
  const get = (productId: number, questionId: string) =>
    questionEntity.get(table, { product_id: productId, id: questionId }, { consistent: true });
  const inProduct = (productId: number) => ({
    pk: keys.productPartition(productId),
    sk: { beginsWith: keys.questionPrefix },
  });

  async function classify(productId: number, questionId: string, sellerId: string) {
    const current = await get(productId, questionId);
    if (!current) return { kind: 'missing' as const };
    if (current.seller_id !== sellerId) return { kind: 'notSeller' as const };
    return { kind: 'alreadyAnswered' as const };
  }

  return {
    list: (productId, limit) => questionEntity.queryAll(table, inProduct(productId), { max: limit }),

    get,

    async create(question, terms) {
      // The asker came for the listing (issue 40): recorded with the question, all or nothing.
      const writes = [
        questionEntity.create(question),
        interestCame(question.product_id, question.asker_id, 'question', question.created_at),
      ];
      if (terms) return (await transactCreate(table, writes, terms)) === null;
      return settled(await table.transact(writes));
    },

    async answer(productId, questionId, sellerId, text, answeredAt) {
      const res = await table.writeReturning(
        questionEntity.update(
          { product_id: productId, id: questionId },
          {
            expression: 'SET answer_text = :text, answered_at = :at',
            values: { ':text': text, ':at': answeredAt },
          },
          // Exists, is this seller's, and is still unanswered: the one answer wins, any other fails.
          {
            condition: {
              expression: 'seller_id = :seller AND attribute_not_exists(answer_text)',
              values: { ':seller': sellerId },
            },
          },
        ),
      );
      if (!res.ok) return classify(productId, questionId, sellerId);
      const question = questionEntity.parse(res.attributes);
      if (!question) throw new Error(`question ${questionId} of product ${productId} is malformed`);
      return { kind: 'answered', question };
    },

    async deleteByAsker(productId, questionId, askerId) {
      const res = await table.writeReturning(
        questionEntity.remove(
          { product_id: productId, id: questionId },
          {
            expression: 'attribute_exists(#qpk) AND asker_id = :asker',
            names: { '#qpk': 'pk' },
            values: { ':asker': askerId },
          },
        ),
      );
      if (res.ok) return res.attributes ? { kind: 'deleted' } : { kind: 'missing' };
      return (await get(productId, questionId)) ? { kind: 'notAsker' } : { kind: 'missing' };
    },

    async deleteAllOf(productId) {
      // Only the keys are read; pages of the Query are deleted as they come.
      const found = await table.queryAll(
        { ...inProduct(productId), keysOnly: true, consistent: true },
        {
          onPage: (page) =>
            table.batchWrite(page.map((i) => ({ delete: { pk: String(i.pk), sk: String(i.sk) } }))),
        },
      );
      return found.length;
    },
  };
}
