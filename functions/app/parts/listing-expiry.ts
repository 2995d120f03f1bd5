import { DEFAULT_LISTING_EXPIRY_DAYS } from '#shared/listing-expiry';
import { ENV, optionalEnv } from '../../commons/env';
import { parseExpiryDays } from '../../services/listing-expiry';
import type { PartFactories } from '../context';

/** The stage's listing lifetime (LISTING_EXPIRY_DAYS, set on every function by infra; decision 030). */
export const listingExpiryParts = {
  listingExpiryDays: () => parseExpiryDays(optionalEnv(ENV.listingExpiryDays), DEFAULT_LISTING_EXPIRY_DAYS),
} satisfies PartFactories<'listingExpiryDays'>;
