import { randomUUID } from 'node:crypto';
import { createCognitoIdentityProvider } from '../adapters/cognito/identity';
import {
  createCodeRepository,
  createFavoriteRepository,
  createProfileRepository,
  createResetTokenRepository,
  createSendCounter,
} from '../adapters/dynamodb/accounts';
import { createTableAccess } from '../adapters/dynamodb/client';
import { createSesMailer } from '../adapters/mail/ses';
import type {
  CodeRepository,
  FavoriteRepository,
  IdentityProvider,
  Mailer,
  ProfileRepository,
  ResetTokenRepository,
  SendCounter,
} from '../ports/accounts';
import { createTableProbe } from '../adapters/dynamodb/health';
import { createProductRepository } from '../adapters/dynamodb/products';
import {
  createUniversityRepository,
  createUniversityRequestRepository,
} from '../adapters/dynamodb/universities';
import type {
  ProductRepository,
  UniversityRepository,
  UniversityRequestRepository,
} from '../ports/repositories';
import type { SearchIndex } from '../ports/search-index';
import type { Moderator } from '../ports/moderation';
import type { ImageStore, RemoteImageFetcher } from '../ports/images';
import { createRemoteImageFetcher } from '../adapters/http/fetch-image';
import { LIMITS } from '#shared/limits';
import { createS3ImageStore } from '../adapters/s3/images';
import { createModerator } from '../adapters/moderation';
import { ENV, isLocal, optionalEnv, requireEnv } from './env';

/**
 * The composition root: the adapters every service uses, built ONCE per cold start from the
 * environment (so the SDK clients live at module scope, as Lambda wants). Nothing is read from the
 * environment before the first call, so tests can set it first, and `setContextForTests` can
 * replace any part (e.g. a failing SearchIndex).
 */
export interface AppContext {
  products: ProductRepository;
  universities: UniversityRepository;
  universityRequests: UniversityRequestRepository;
  search: SearchIndex;
  /** True when the table answers. */
  tableReady: () => Promise<boolean>;
  /** How long a search may take before the DynamoDB fallback answers instead. */
  searchTimeoutMs: number;
  now: () => Date;
  newId: () => string;
  // Accounts. The identity and mail clients are made on first use, so functions without those
  // grants (and variables) still build the context.
  identity: IdentityProvider;
  mailer: Mailer;
  codes: CodeRepository;
  sendCounter: SendCounter;
  resetTokens: ResetTokenRepository;
  profiles: ProfileRepository;
  favorites: FavoriteRepository;
  /** Public origin of the web app, for links in e-mails. */
  appUrl: () => string;
  /** Judges listings against the terms (publishing). */
  moderator: Moderator;
  /** The product images bucket (uploads and published photos). */
  images: ImageStore;
  /** Downloads photos given by URL (public https addresses only). */
  remoteImages: RemoteImageFetcher;
}

export const DEFAULT_SEARCH_TIMEOUT_MS = 1500;

let overrides: Partial<AppContext> = {};
let current: Promise<AppContext> | undefined;

/** Functions deployed without search access get this: any use is a configuration error. */
const unconfiguredSearchIndex: SearchIndex = {
  upsert: () => Promise.reject(new Error(`${ENV.searchBackend} is not set for this function`)),
  remove: () => Promise.reject(new Error(`${ENV.searchBackend} is not set for this function`)),
  search: () => Promise.reject(new Error(`${ENV.searchBackend} is not set for this function`)),
  ready: () => Promise.resolve(false),
};

async function createSearchIndex(): Promise<SearchIndex> {
  // In AWS only the functions granted the search domain get SEARCH_BACKEND; the embedded engine
  // is the local stand-in and must never silently answer (empty) in a Lambda.
  const backend = optionalEnv(ENV.searchBackend, isLocal() ? 'embedded' : undefined);
  if (backend === undefined) return unconfiguredSearchIndex;
  if (backend === 'opensearch') {
    const { createOpenSearchIndex } = await import('../adapters/search/opensearch');
    const node = optionalEnv(ENV.openSearchEndpoint);
    if (!node) throw new Error(`Missing environment variable ${ENV.openSearchEndpoint}`);
    return createOpenSearchIndex({
      node,
      index: optionalEnv(ENV.openSearchIndex, 'products')!,
      region: process.env.AWS_REGION ?? 'us-east-1',
    });
  }
  if (backend !== 'embedded') throw new Error(`Unknown ${ENV.searchBackend}: ${backend}`);
  const { getEmbeddedSearchIndex } = await import('../adapters/search/embedded');
  return getEmbeddedSearchIndex();
}

function searchTimeout(): number {
  const raw = Number(optionalEnv(ENV.searchTimeoutMs));
  return Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_SEARCH_TIMEOUT_MS;
}

async function build(): Promise<AppContext> {
  const o = overrides;
  // Made only when some part needs it, so tests replacing every table part need no table.
  let table: ReturnType<typeof createTableAccess> | undefined;
  const t = () => {
    table ??= createTableAccess();
    return table;
  };
  return {
    products: o.products ?? createProductRepository(t()),
    universities: o.universities ?? createUniversityRepository(t()),
    universityRequests: o.universityRequests ?? createUniversityRequestRepository(t()),
    tableReady: o.tableReady ?? createTableProbe(t()),
    search: o.search ?? (await createSearchIndex()),
    searchTimeoutMs: o.searchTimeoutMs ?? searchTimeout(),
    now: o.now ?? (() => new Date()),
    newId: o.newId ?? randomUUID,
    identity: o.identity ?? createCognitoIdentityProvider(),
    mailer: o.mailer ?? createSesMailer(),
    codes: o.codes ?? createCodeRepository(t()),
    sendCounter: o.sendCounter ?? createSendCounter(t()),
    resetTokens: o.resetTokens ?? createResetTokenRepository(t()),
    profiles: o.profiles ?? createProfileRepository(t()),
    favorites: o.favorites ?? createFavoriteRepository(t()),
    appUrl: o.appUrl ?? (() => requireEnv(ENV.appUrl)),
    moderator: o.moderator ?? (await createModerator()),
    images: o.images ?? createS3ImageStore(),
    remoteImages: o.remoteImages ?? createRemoteImageFetcher({ maxBytes: LIMITS.imageMaxBytes }),
  };
}

export function getContext(): Promise<AppContext> {
  if (!current) {
    current = build();
    // A failed build (e.g. a missing variable) is retried on the next request, not cached.
    current.catch(() => {
      current = undefined;
    });
  }
  return current;
}

/** Tests: replace parts of the context (the rest is built from the environment on next use). */
export function setContextForTests(partial: Partial<AppContext>): void {
  overrides = { ...partial };
  current = undefined;
}

/** Tests: forget every override and every built adapter. */
export function resetContext(): void {
  overrides = {};
  current = undefined;
}
