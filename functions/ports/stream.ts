/** One change of the table, as its stream reports it, with plain (unmarshalled) images. */
export interface StreamChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  sequenceNumber: string;
  keys: Record<string, unknown>;
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

/** A record that can never be processed (retrying it cannot help): logged and skipped. */
export class MalformedRecordError extends Error {
  override name = 'MalformedRecordError';
}

export type StreamRecordDecoder = (record: unknown) => StreamChange;
