import { Duration, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { STREAM_BATCH_SIZE, STREAM_BATCHING_WINDOW_S, STREAM_FILTERS } from '../../functions/stream/filter';
import type { StageConfig } from '../stages';
import { AppFunction } from './app-function';

export interface StreamProps {
  readonly stage: StageConfig;
  /** The table whose stream is read. */
  readonly table: Table;
  /** Absolute path of the dispatcher's Lambda entry (functions/app/stream.ts). */
  readonly entry: string;
}

/**
 * The table stream's ONE consumer: a dispatcher that hands each change to its entity's handlers
 * (listing counts, search indexing and the account mails today; alerts later add handlers, not
 * consumers — AWS advises at most two readers per shard). The event source reports partial batch failures, bisects a failing
 * batch, retries a bounded number of times and then sends the record to an encrypted SQS queue.
 * Each feature grants the dispatcher what its handlers reach (infra/stack.ts: the search index, the
 * table, AdminGetUser on the pool, SES).
 */
export class Stream extends Construct {
  readonly dispatcher: AppFunction;
  readonly failureQueue: Queue;

  constructor(scope: Construct, id: string, props: StreamProps) {
    super(scope, id);
    const { stage } = props;
    this.failureQueue = new Queue(this, 'Failures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failureQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue IS the stream dispatcher's on-failure destination (it receives the records the stream mapping gave up on); it has no consumer to dead-letter from.",
    });

    this.dispatcher = new AppFunction(this, 'Dispatcher', {
      entry: props.entry,
      stage,
      description: 'Dispatches the table stream by entity (listing counts, search indexing, account mail)',
      memoryMb: 512,
      timeoutSeconds: 60,
    });
    this.dispatcher.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        // The same batches and filter as the local poller (functions/stream/filter.ts, decision 051):
        // the count items' own changes never invoke the dispatcher.
        batchSize: STREAM_BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(STREAM_BATCHING_WINDOW_S),
        filters: STREAM_FILTERS.map((pattern) => FilterCriteria.filter(pattern as Record<string, unknown>)),
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: stage.streamMaxRecordAge,
        onFailure: new SqsDlq(this.failureQueue),
      }),
    );
    Validations.of(this.dispatcher.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams (added by the stream event source) supports no resource-level permissions; X-Ray trace writes support none either.',
    });
  }
}
