import {
  createCodeRepository,
  createFavoriteRepository,
  createMailRequestRepository,
  createRegistrationRepository,
  createProfileRepository,
  createResetTokenRepository,
} from '../../adapters/dynamodb/accounts';
import { createSendCounter } from '../../adapters/dynamodb/send-windows';
import { createAlertStateStore, createSavedSearchRepository } from '../../adapters/dynamodb/alerts';
import { createTableAccess, type TableAccess } from '../../adapters/dynamodb/client';
import { createAdminStore, createJobStore } from '../../adapters/dynamodb/admin';
import { createCountStore } from '../../adapters/dynamodb/counts';
import { createExchangeRateStore } from '../../adapters/dynamodb/exchange-rates';
import { createDealRepository } from '../../adapters/dynamodb/deals';
import { createInterestRepository } from '../../adapters/dynamodb/interests';
import { createReviewRepository } from '../../adapters/dynamodb/reviews';
import { createTablePages } from '../../adapters/dynamodb/table-pages';
import {
  createNotificationSettingsStore,
  createNotifyWindowStore,
} from '../../adapters/dynamodb/notifications';
import { createTableProbe } from '../../adapters/dynamodb/health';
import { createIdempotencyStore } from '../../adapters/dynamodb/idempotency';
import { createExpiryStore } from '../../adapters/dynamodb/listing-expiry';
import { createProductRepository } from '../../adapters/dynamodb/products';
import { createPushDeviceStore } from '../../adapters/dynamodb/push';
import { createQuestionRepository } from '../../adapters/dynamodb/questions';
import { createReportRepository } from '../../adapters/dynamodb/reports';
import {
  createUniversityRepository,
  createUniversityRequestRepository,
} from '../../adapters/dynamodb/universities';
import type { PartFactories } from '../context';

let access: TableAccess | undefined;
/** One document client per process, made when the first repository is (table-parts.ts of features use it too). */
export const table = () => {
  access ??= createTableAccess();
  return access;
};

/**
 * The local stack, once stopped: the client above points at its DynamoDB, so a stack started next in
 * the same process (the bench starts two) must make its own.
 */
export function forgetTable(): void {
  access = undefined;
}

/** The single table's repositories (DynamoDB; every area uses some). */
export const tableParts = {
  products: () => createProductRepository(table()),
  universities: () => createUniversityRepository(table()),
  universityRequests: () => createUniversityRequestRepository(table()),
  tableReady: () => createTableProbe(table()),
  codes: () => createCodeRepository(table()),
  sendCounter: () => createSendCounter(table()),
  resetTokens: () => createResetTokenRepository(table()),
  mailRequests: () => createMailRequestRepository(table()),
  registrations: () => createRegistrationRepository(table()),
  profiles: () => createProfileRepository(table()),
  favorites: () => createFavoriteRepository(table()),
  questions: () => createQuestionRepository(table()),
  interests: () => createInterestRepository(table()),
  deals: () => createDealRepository(table()),
  reviews: () => createReviewRepository(table()),
  counts: () => createCountStore(table()),
  reports: () => createReportRepository(table()),
  notifyWindows: () => createNotifyWindowStore(table()),
  notifySettings: () => createNotificationSettingsStore(table()),
  adminStore: () => createAdminStore(table()),
  jobStore: () => createJobStore(table()),
  tablePages: () => createTablePages(table()),
  exchangeRates: () => createExchangeRateStore(table()),
  savedSearches: () => createSavedSearchRepository(table()),
  alertStates: () => createAlertStateStore(table()),
  expiryStore: () => createExpiryStore(table()),
  idempotency: () => createIdempotencyStore(table()),
  pushDevices: () => createPushDeviceStore(table()),
} satisfies PartFactories<
  | 'products'
  | 'universities'
  | 'universityRequests'
  | 'tableReady'
  | 'codes'
  | 'sendCounter'
  | 'resetTokens'
  | 'mailRequests'
  | 'registrations'
  | 'profiles'
  | 'favorites'
  | 'questions'
  | 'interests'
  | 'counts'
  | 'reports'
  | 'notifyWindows'
  | 'notifySettings'
  | 'adminStore'
  | 'jobStore'
  | 'tablePages'
  | 'exchangeRates'
  | 'savedSearches'
  | 'alertStates'
  | 'expiryStore'
  | 'idempotency'
  | 'deals'
  | 'reviews'
  | 'pushDevices'
>;
