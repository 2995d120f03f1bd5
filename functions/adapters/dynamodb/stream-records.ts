import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod/mini';
import type { StreamChange } from '../../ports/stream';
import { MalformedRecordError } from '../../ports/stream';

// Attribute values as the stream delivers them; their inner shape is unmarshall's business.
const imageSchema = z.record(z.string(), z.record(z.string(), z.unknown()));
const recordSchema = z.object({
  eventName: z.enum(['INSERT', 'MODIFY', 'REMOVE']),
  dynamodb: z.object({
    SequenceNumber: z.string().check(z.minLength(1)),
    Keys: imageSchema,
    NewImage: z.optional(imageSchema),
    OldImage: z.optional(imageSchema),
  }),
});

function plain(image: Record<string, Record<string, unknown>>): Record<string, unknown> {
  try {
    return unmarshall(image as unknown as Record<string, AttributeValue>);
  } catch (error) {
    throw new MalformedRecordError(`image cannot be unmarshalled: ${(error as Error).message}`);
  }
}

/** A Lambda DynamoDB stream record → a plain change (throws MalformedRecordError when it is not one). */
export function decodeStreamRecord(record: unknown): StreamChange {
  const parsed = recordSchema.safeParse(record);
  if (!parsed.success)
    throw new MalformedRecordError(parsed.error.issues[0]?.message ?? 'invalid stream record');
  const { eventName, dynamodb } = parsed.data;
  return {
    eventName,
    sequenceNumber: dynamodb.SequenceNumber,
    keys: plain(dynamodb.Keys),
    newImage: dynamodb.NewImage ? plain(dynamodb.NewImage) : undefined,
    oldImage: dynamodb.OldImage ? plain(dynamodb.OldImage) : undefined,
  };
}
