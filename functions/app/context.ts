import type { DealRepository, InterestRepository, ReviewRepository } from '../ports/deals';
import type { ExchangeRateStore } from '../ports/exchange-rates';
import type {
  CodeRepository,
  FavoriteRepository,
  IdentityProvider,
  MailRequestRepository,
  RegistrationRepository,
  Mailer,
  ProfileRepository,
  ResetTokenRepository,
  SendCounter,
} from '../ports/accounts';
import type { AdminStore, JobLauncher, JobStore, RoleDirectory, TablePages } from '../ports/admin';
import type { CountStore } from '../ports/counts';
import type { IdempotencyStore } from '../ports/idempotency';
import type { ImageStore, RemoteImageFetcher } from '../ports/images';
import type { Moderator } from '../ports/moderation';
import type { PhotoResizer } from '../ports/photo-variants';
import type { CommentModerator, QuestionRepository } from '../ports/questions';
import type { ReportRepository } from '../ports/reports';
import type {
  ProductRepository,
  UniversityRepository,
  UniversityRequestRepository,
} from '../ports/repositories';
import type { ExpiryStore } from '../ports/listing-expiry';
import type {
  NotificationSettingsStore,
  NotifyWindowStore,
  SigningKeySource,
  UserDirectory,
} from '../ports/notifications';
import type { AlertStateStore, SavedSearchIndex, SavedSearchRepository } from '../ports/alerts';
import type { SearchIndex } from '../ports/search-index';
import type { CallerAccounts, TokenVerifier } from '../ports/tokens';
import type { TrustStore } from '../ports/trust';
import type { PushDeviceStore, PushSender } from '../ports/push';

/**
 * The composition root's vocabulary: every part a handler may be given, by name. Each API area's
 * entry (functions/app/areas/*.ts) wires only the parts its routes use, from the part modules in
 * functions/app/parts/, and each part is built on first use; so the catalog function loads the
 * table and search clients, never Bedrock's or Cognito's.
 */
export interface AppParts {
  // The table (functions/app/parts/table.ts).
  products: ProductRepository;
  universities: UniversityRepository;
  universityRequests: UniversityRequestRepository;
  /** True when the table answers. */
  tableReady: () => Promise<boolean>;
  codes: CodeRepository;
  sendCounter: SendCounter;
  resetTokens: ResetTokenRepository;
  mailRequests: MailRequestRepository;
  registrations: RegistrationRepository;
  profiles: ProfileRepository;
  favorites: FavoriteRepository;
  /** Questions and answers, in their products' partitions. */
  questions: QuestionRepository;
  interests: InterestRepository;
  /** Listings' deals with their buyers and the completed-deal counts (issue 40). */
  deals: DealRepository;
  /** Deals' reviews, the review windows and the reputation counts (issue 40). */
  reviews: ReviewRepository;
  /** Exact counts kept by the stream dispatcher (listing totals). */
  counts: CountStore;
  /** Reports of products (docs/decisions/019). */
  reports: ReportRepository;
  /** The BCV rate's history (docs/decisions/033). */
  exchangeRates: ExchangeRateStore;
  /** First answers of idempotent creates, for their retries (docs/decisions/041). */
  idempotency: IdempotencyStore;
  // The search index (parts/search.ts).
  search: SearchIndex;
  /** How long a search may take before the DynamoDB fallback answers instead. */
  searchTimeoutMs: number;
  // The user pool (parts/identity.ts), mail (parts/mail.ts), moderation, images.
  identity: IdentityProvider;
  mailer: Mailer;
  /** Public origin of the web app, for links in e-mails. */
  appUrl: () => string;
  moderator: Moderator;
  /** Judges questions and answers (parts/comment-moderation.ts). */
  commentModerator: CommentModerator;
  images: ImageStore;
  remoteImages: RemoteImageFetcher;
  /** Draws the WebP sizes of product photos (parts/images.ts, decision 022). */
  photoResizer: PhotoResizer;
  /** Verifies every caller's bearer token (parts/tokens.ts; decision 043). */
  tokenVerifier: TokenVerifier;
  /** The caller's account at the source: groups on admin routes, existence on writes (parts/tokens.ts). */
  callerAccounts: CallerAccounts;
  /**
   * Parts health checks beside the table and the search index, by name (parts/basics.ts): none in
   * AWS, whose managed services have their alarms; the local stack's emulators (auth, mail, images).
   */
  healthChecks: Readonly<Record<string, () => Promise<boolean>>>;
  // Clock and ids (parts/basics.ts).
  now: () => Date;
  newId: () => string;
  // Question and answer mails (docs/decisions/020).
  /** The windows of question mails per person, product and kind (parts/table.ts). */
  notifyWindows: NotifyWindowStore;
  /** The people's notification switch and address, on their profiles (parts/table.ts). */
  notifySettings: NotificationSettingsStore;
  /** Users of the pool by id, for people without a profile (parts/identity.ts). */
  userDirectory: UserDirectory;
  /** The secret of the unsubscribe links (parts/unsubscribe-tokens.ts). */
  unsubscribeKey: SigningKeySource;
  /** Length of a question-mail window in milliseconds (parts/basics.ts). */
  notifyWindowMs: number;
  // The admin area (docs/decisions/025, 026).
  /** The admin's reads and audited writes (parts/table.ts). */
  adminStore: AdminStore;
  /** Background jobs' state (parts/table.ts). */
  jobStore: JobStore;
  /** The jobs' pages through the table (parts/table.ts). */
  tablePages: TablePages;
  /** Starts a job's run (parts/jobs.ts; the local stack's runner locally). */
  jobLauncher: JobLauncher;
  /** The admin role in the user pool (parts/identity.ts). */
  roles: RoleDirectory;
  /** The seller page's reads and the meeting points (parts/table.ts; docs/decisions/032). */
  trust: TrustStore;
  // Saved searches and alerts (docs/decisions/031).
  /** Saved searches in their users' partitions (parts/table.ts). */
  savedSearches: SavedSearchRepository;
  /** Each person's alert mails of the day (parts/table.ts). */
  alertStates: AlertStateStore;
  /** The saved searches as a reverse index (parts/saved-search-index.ts; the local stack's own). */
  savedSearchIndex: SavedSearchIndex;
  // Listing expiry (docs/decisions/030).
  /** The expiry job's and renewals' conditional writes (parts/table.ts). */
  expiryStore: ExpiryStore;
  /** Days a listing stays on offer after publishing or renewal (parts/basics.ts). */
  listingExpiryDays: number;
  // Web Push (issue 41).
  /** People's devices and push switches (parts/push.ts). */
  pushDevices: PushDeviceStore;
  /** Sends an encrypted, VAPID-signed push to a device (parts/push.ts). */
  pushSender: PushSender;
}

export type PartName = keyof AppParts;
export type PartFactories<K extends PartName> = { readonly [P in K]: () => AppParts[P] };

/** Parts given from outside: the local stack's stand-ins (its search engine) and tests' doubles. */
const provided: Partial<AppParts> = {};
/** Parts built so far in this process (one instance each, as a Lambda keeps them across requests). */
const built = new Map<PartName, unknown>();

/**
 * A context whose parts are built on first access from their factories (or taken from what was
 * provided). Reading a part a handler does not use costs nothing.
 */
export function lazyContext<K extends PartName>(factories: PartFactories<K>): Pick<AppParts, K> {
  const ctx = {} as Pick<AppParts, K>;
  for (const name of Object.keys(factories) as K[]) {
    Object.defineProperty(ctx, name, {
      enumerable: true,
      get: () => {
        if (name in provided) return provided[name];
        if (!built.has(name)) built.set(name, factories[name]());
        return built.get(name);
      },
    });
  }
  return ctx;
}

/** Part modules by name, as an area entry lists them (`parts`, which infra grants by). */
export type PartGroups = Record<string, { readonly [P in PartName]?: () => AppParts[P] }>;
type PartsOf<G extends PartGroups> = { [N in keyof G]: keyof G[N] }[keyof G] & PartName;

/**
 * The lazy context of an entry's part modules: the context an entry wires is exactly the modules it
 * lists (and infra grants), never a second list beside them.
 */
export function lazyContextOf<G extends PartGroups>(groups: G): Pick<AppParts, PartsOf<G>> {
  return lazyContext(Object.assign({}, ...Object.values(groups)) as PartFactories<PartsOf<G>>);
}

/**
 * The local stack plugs in its stand-ins here (e.g. the embedded search engine, which never ships
 * in a Lambda bundle); they win over the factories.
 */
export function provideParts(parts: Partial<AppParts>): void {
  Object.assign(provided, parts);
  for (const name of Object.keys(parts) as PartName[]) built.delete(name);
}

/** Tests: replace parts (the rest is built from the environment on next use). */
export function setContextForTests(parts: Partial<AppParts>): void {
  resetContext();
  Object.assign(provided, parts);
}

/** Tests: forget every provided and every built part. */
export function resetContext(): void {
  for (const name of Object.keys(provided) as PartName[]) delete provided[name];
  built.clear();
}
