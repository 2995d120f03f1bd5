/**
 * The business and operations metrics the functions emit (CloudWatch embedded metric format, through
 * the observability module) and the stack's dashboard and alarms read: one list, so the two never
 * drift. Every metric carries the dimensions `service` (METRICS_SERVICE) and `stage` (the stage name).
 */
export const METRICS_NAMESPACE = 'Marketplace';
export const METRICS_SERVICE = 'marketplace';

export const METRIC = {
  /** A listing published (POST /api/products succeeded). */
  productsPublished: 'ProductsPublished',
  /** A search or filtered listing answered by the DynamoDB fallback (the index failed or was slow). */
  searchFallbacks: 'SearchFallbacks',
  /** A listing the moderator rejected (content check or publishing). */
  moderationRejections: 'ModerationRejections',
  /** A verification code or reset link e-mailed. */
  codesSent: 'CodesSent',
  /** A question or answer notification e-mailed (docs/decisions/020). */
  notificationsSent: 'NotificationsSent',
  /** A request refused by a per-user or per-address limit (429). */
  rateLimitsHit: 'RateLimitsHit',
  /** A stream record whose handler failed (reported for retry). */
  /** Pushes a push service took, and those it refused or that got no answer (issue 41). */
  pushesSent: 'PushesSent',
  pushFailures: 'PushFailures',
  indexerFailures: 'IndexerFailures',
  /** The BCV rate job stored a new date's rate (docs/decisions/033). */
  bcvRatesStored: 'BcvRatesStored',
  /** The BCV rate job could not read or believe the page (changed layout, site down): nothing stored. */
  bcvRateFailures: 'BcvRateFailures',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
