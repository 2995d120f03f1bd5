import { isOnOffer } from './statuses';
import { reminderDueAt } from './listing-expiry';

/**
 * The single table's design: key attribute names, index definitions, entities and key builders.
 * The CDK table construct, the local bootstrap, the repositories and the stream dispatcher all read
 * this file. Every item names its entity in the `entity` attribute (ENTITY below); the stream
 * dispatcher routes each change by it.
 *
 * Items
 * | entity             | pk                         | sk               | indexes                                          |
 * |--------------------|----------------------------|------------------|--------------------------------------------------|
 * | product            | PRODUCT#<id>               | PRODUCT          | gsi1..gsi4 only while listed (active, not held; sparse), gsi5 while owned, gsi6 always |
 * | question           | PRODUCT#<id>               | QUESTION#<question id> | in its product's partition, oldest first   |
 * | interest           | PRODUCT#<id>               | INTEREST#<user id> | gsi1: INTERESTS#<user id> / <last_at>#<product id> (what a person came for, newest first; issue 40) |
 * | deal               | PRODUCT#<id>               | DEAL             | gsi1: DEALS#<buyer id> / <named_at>#<product id> (a buyer's deals, newest first; issue 40); gsi7: DEALS_DUE / <next review-window step>#<id> while its window is open |
 * | review             | PRODUCT#<id>               | REVIEW#<author side> | gsi1: REVIEWS#<seller id> / <visible_at>#<product id> (a seller's visible reviews, newest first; sparse: visible, not hidden, written by the buyer) |
 * | reviewReport       | PRODUCT#<id>               | REVIEWREPORT#<side>#<reporter id> | gsi1: REVIEWREPORTS#<status> / <created_at>#<product id>#<side>#<reporter id> (the admin's queue) |
 * | reviewPair         | REVIEWPAIR#<author>#<subject> | PAIR          | until when a review of `subject` by `author` no longer counts (one counted per 30 days) |
 * | reputation         | PROFILE#<user id>          | REPUTATION       | a person's completed deals as seller and as buyer (moved in the confirmations' transactions; issue 40) |
 * | report             | PRODUCT#<id>               | REPORT#<reporter id> | gsi1: REPORTS#<status> / <created_at>#<id>; gsi2: REPORTER#<reporter id> / <created_at>#<id> |
 * | counter            | COUNTER#product            | COUNTER          |                                                  |
 * | count              | COUNT#<name>               | COUNT            | an exact count (listed products per listing, reports per status) |
 * | countMember        | COUNTMEMBER#<member>       | COUNTMEMBER      | the counts a member (REPORT#<id>#<reporter>; PRODUCT#<id> before pages) is in now (TTL once in none) |
 * | countMemberPage    | COUNTMEMBERS#<page>        | COUNTMEMBERS     | the counts each member of a page (PRODUCTS#<id div 50>) is in now, one version for the page (decision 051) |
 * | countLayout        | COUNTLAYOUT                | COUNTLAYOUT      | present once every product's own marker (before pages) is folded into its page: settles stop looking for them (decision 051) |
 * | university         | UNIVERSITY#<id>            | UNIVERSITY       | gsi1: UNIVERSITIES / <folded name> (not while being deleted); gsi2: UNIVERSITIES#DELETING / <id> (only then) |
 * | meetingPoint       | UNIVERSITY#<id>            | MEETPOINT#<uuid> | a university's safe meeting points, in its partition (decision 032) |
 * | universityDomain   | UNIDOMAIN#<domain>         | UNIDOMAIN        | the university holding a domain, and the universities whose domains lie below it (decision 042) |
 * | universityRequest  | UNIREQ#<uuid>              | UNIREQ           | gsi1: UNIVERSITY_REQUESTS / <created_at>#<id>; gsi2: UNIREQS#<status> / <created_at>#<id> |
 * | registration       | REGISTRATION#<id>          | REGISTRATION     | (TTL) a sign-up awaiting its code: the form's details, no password (decision 040) |
 * | verificationCode   | VERIFY#<purpose>#<subject> | VERIFY           | (TTL)                                            |
 * | sendWindow         | SENDRATE#<subject>         | WINDOW           | (TTL) send times of the last window              |
 * | institutionalClaim | INSTEMAIL#<address>        | CLAIM            | the one account holding the address              |
 * | resetToken         | RESET#<sha256>             | RESET            | (TTL)                                            |
 * | mailRequest        | MAILREQ#<uuid>             | MAILREQ          | (TTL) a public mail route's request, for the stream |
 * | notifyWindow       | NOTIFY#<user id>           | PRODUCT#<id>#<kind> | (TTL) question mails of one product to one person: gsi1 NOTIFY_DUE / <due ISO time> only while it holds gathered questions (sparse) |
 * | profile            | PROFILE#<user id>          | PROFILE          | gsi1: PROFILES / <account e-mail, lower-case>#<user id>; `roles` mirrors the Cognito groups |
 * | favorite           | USER#<user id>             | FAV#<product id> | gsi1: FAVORITED#<product id> / <user id> (a deleted product's favorites) |
 * | savedSearch        | USER#<user id>             | SEARCH#<id>      | gsi1: SAVED_SEARCHES / <id> (every saved search: the local matcher's rebuild); decision 031 |
 * | pushDevice         | USER#<user id>             | PUSH#<sha256 of endpoint> | a device's Web Push subscription (issue 41): endpoint and keys; at most 10 a person |
 * | pushEndpoint       | PUSHENDPOINT#<sha256>      | PUSHENDPOINT     | who holds a device's endpoint now (one person at a time: a shared browser changes hands) |
 * | savedSearchCount   | USER#<user id>             | SEARCHES         | how many saved searches the user has (the limit of 10, kept in the same transactions) |
 * | alertState         | ALERTS#<user id>           | STATE            | (TTL) the day's alert mails of one person: gsi1 ALERT_DUE / <due ISO time> while it holds a digest (sparse) |
 * | audit              | AUDIT#<entity type>#<entity id> | AUDIT#<at>#<rand> | gsi1: AUDIT / <at>#<rand> (every admin action, newest first) |
 * | job                | JOB#<uuid>                 | JOB              | gsi1: JOBS#<kind> / <created_at>#<id>; state, progress, cursor, lease |
 * | jobLock            | JOBLOCK#<kind>[#<target>]  | LOCK             | the one running job of a kind (and target): claimed by a conditional Put |
 * | seedMarker         | META#seed                  | META#v<n>        | (local stack only)                               |
 * | exchangeRate       | RATE#USD                   | DATE#<yyyy-mm-dd> | the BCV's rate of a date (history; decision 033) |
 * | idempotencyRecord  | IDEM#<route>#<caller>#<key> | IDEM            | (TTL, 24 h) a create's first answer, written in the create's own transaction (decision 041) |
 *
 * Access patterns (every request-path read is a GetItem or a Query; never a Scan)
 * | pattern                                   | operation | key / index                                         |
 * |-------------------------------------------|-----------|-----------------------------------------------------|
 * | a product by id                           | GetItem   | PRODUCT#<id> / PRODUCT                              |
 * | a product's questions, oldest first       | Query     | PRODUCT#<id>, sk begins_with QUESTION#              |
 * | one question (answer once, asker deletes) | GetItem / conditional Update / Delete | PRODUCT#<id> / QUESTION#<question id> |
 * | a deleted product's questions (stream)    | Query + BatchWrite deletes | PRODUCT#<id>, sk begins_with QUESTION# |
 * | next product id                           | UpdateItem ADD | COUNTER#product / COUNTER                     |
 * | listed products of a university, newest   | Query     | gsi1 PRODUCTS#U#<university>                        |
 * | … of a university and category            | Query     | gsi2 PRODUCTS#U#<university>#C#<category>           |
 * | every active product (global, reindex)    | Query     | gsi3 PRODUCTS#ALL                                   |
 * | active products of a category (global)    | Query     | gsi4 PRODUCTS#C#<category>                          |
 * | a seller's own products, every status     | Query     | gsi5 OWNER#<user id>                                |
 * | the total of a listing (any of the four)  | GetItem   | COUNT#<its listing partition key> / COUNT           |
 * | the counts a product is in (stream)       | BatchGet + transaction | COUNTMEMBERS#PRODUCTS#<id div 50> / COUNTMEMBERS (before pages: COUNTMEMBER#PRODUCT#<id>, until COUNTLAYOUT says they are folded) |
 * | search, filtered listings                 | search index (fed by the stream), DynamoDB fallback by the Queries above |
 * | universities, by name                     | Query     | gsi1 UNIVERSITIES                                   |
 * | a university                              | GetItem   | UNIVERSITY#<id> / UNIVERSITY                        |
 * | a university's meeting points             | Query     | UNIVERSITY#<id>, sk begins_with MEETPOINT#          |
 * | claim / release a university's e-mail domain | transaction with the university | UNIDOMAIN#<domain and its parents> / UNIDOMAIN |
 * | a seller's page (counts, listings)        | GetItem + Query | PROFILE#<user id>; gsi5 OWNER#<user id> (all pages) |
 * | university requests, by date              | Query     | gsi1 UNIVERSITY_REQUESTS                            |
 * | a pending registration                    | conditional Put / GetItem / Delete | REGISTRATION#<id> / REGISTRATION |
 * | the live code of a purpose and subject    | GetItem   | VERIFY#<purpose>#<subject> / VERIFY                 |
 * | sends/uses in the current window          | GetItem + conditional Put | SENDRATE#<subject> / WINDOW         |
 * | a create's use of a window (decision 041)  | conditional Update in the create's transaction | SENDRATE#<subject> / WINDOW |
 * | a retried create's first answer           | GetItem (consistent); conditional Put in the create's transaction | IDEM#<route>#<caller>#<key> / IDEM |
 * | who holds an institutional address        | GetItem   | INSTEMAIL#<address> / CLAIM                         |
 * | a reset link                              | GetItem / conditional Update | RESET#<sha256> / RESET           |
 * | a mail request (sign-up code, reset link) | conditional Put; read by the stream dispatcher | MAILREQ#<uuid> / MAILREQ |
 * | a person's question-mail window (stream)  | GetItem + Put conditioned on its version | NOTIFY#<user id> / PRODUCT#<id>#<kind> |
 * | windows whose gathered questions are due  | Query (the sweep, every minute) | gsi1 NOTIFY_DUE, sk <= now     |
 * | the questions a mail lists                | BatchGet (consistent) | PRODUCT#<id> / QUESTION#<question id>    |
 * | a person's notification switch            | GetItem / conditional Update | PROFILE#<user id> / PROFILE (notify_questions) |
 * | a profile                                 | GetItem   | PROFILE#<user id> / PROFILE                         |
 * | who came for a listing (the seller's list) | Query (consistent) | PRODUCT#<id>, sk begins_with INTEREST#   |
 * | what a person came for, newest first      | Query     | gsi1 INTERESTS#<user id>                            |
 * | a listing's deal (close, answer, code)    | GetItem / transaction with the product | PRODUCT#<id> / DEAL  |
 * | the deals of the seller's listings        | BatchGet  | PRODUCT#<id> / DEAL (the ids of their own list)      |
 * | a buyer's deals, newest first             | Query     | gsi1 DEALS#<buyer id>                               |
 * | a deal's reviews                          | BatchGet / transaction with the deal | PRODUCT#<id> / REVIEW#buyer, REVIEW#seller |
 * | a seller's visible reviews, newest first  | Query, in pages | gsi1 REVIEWS#<seller id>                      |
 * | a review's reports (one per reporter)     | Query (consistent) / Put if absent | PRODUCT#<id>, sk begins_with REVIEWREPORT#<side># |
 * | (admin) review reports by status, newest  | Query     | gsi1 REVIEWREPORTS#<status>                         |
 * | (sweep) review windows to remind or close | Query     | gsi7 DEALS_DUE, sk <= now                           |
 * | a user's favorites, newest saved          | Query     | USER#<user id>, sk begins_with FAV#                 |
 * | one favorite                              | Put / Delete | USER#<user id> / FAV#<product id>                |
 * | a user's report of a product (one at most) | GetItem / Put if absent | PRODUCT#<id> / REPORT#<reporter id>   |
 * | the reports of a product (the hold rule)  | Query (consistent) | PRODUCT#<id>, sk begins_with REPORT#       |
 * | reports by status, newest first (admin)   | Query     | gsi1 REPORTS#<status>                               |
 * | the reports of a reporter, newest first   | Query     | gsi2 REPORTER#<reporter id>                         |
 * | reports per status (pending: dashboard)   | GetItem   | COUNT#REPORTS#<status> / COUNT (kept by the stream) |
 * | hold / release a product                  | conditional Update / Put | PRODUCT#<id> / PRODUCT               |
 * | (admin) every product, every status, newest | Query (filters on status/university/title) | gsi6 PRODUCTS#EVERY |
 * | (admin) dashboard counts                  | BatchGet  | COUNT#PRODUCTS#ALL, COUNT#PRODUCTS#EVERY, COUNT#PROFILES, COUNT#UNIVERSITIES, COUNT#REPORTS#pending |
 * | (admin) new listings per day and university | BatchGet | COUNT#DAILY#<yyyy-mm-dd>#U#<university> (30 days × universities) |
 * | (admin) listed products per category      | BatchGet  | COUNT#PRODUCTS#C#<category>                         |
 * | (admin) profiles by e-mail (prefix)       | Query     | gsi1 PROFILES, sk begins_with <e-mail prefix>       |
 * | (admin) university requests by status     | Query     | gsi2 UNIREQS#<status>                               |
 * | (admin) universities being deleted        | Query     | gsi2 UNIVERSITIES#DELETING                          |
 * | (admin) every admin action, newest first  | Query     | gsi1 AUDIT                                          |
 * | (admin) an entity's history               | Query     | AUDIT#<entity type>#<entity id>, newest first       |
 * | (admin) a job; the latest jobs of a kind  | GetItem / Query | JOB#<id> / JOB; gsi1 JOBS#<kind>              |
 * | (jobs) claim the one running job of a kind | conditional Put / Delete | JOBLOCK#<kind>[#<target>] / LOCK     |
 * | the newest BCV rate dated on or before a day | Query, newest first, Limit 1 | RATE#USD, sk <= DATE#<day>      |
 * | (admin) the rate history; one date's rate | Query / GetItem + transaction | RATE#USD / DATE#<yyyy-mm-dd>    |
 * | (stream) a deleted product's favorites    | Query + BatchWrite deletes | gsi1 FAVORITED#<product id>         |
 * | (job) listings whose reminder or expiry is due | Query, in pages | gsi7 EXPIRY_DUE, sk <= now      |
 * | (jobs) reindex, backfill of index attributes, a university's products | Scan in pages (jobs only, never a request) |
 * | (job) a deleted university's profiles, saved searches | Query in pages, filtered | gsi1 PROFILES; gsi1 SAVED_SEARCHES |
 *
 * Product listing indexes (sparse: a product leaves them when it stops being active or is held for
 * review by reports, so a listing can only ever return listed products):
 * - gsi1 `byUniversity`:         PRODUCTS#U#<university>           / <created_at>#<id>
 * - gsi2 `byUniversityCategory`: PRODUCTS#U#<university>#C#<cat>   / <created_at>#<id>
 * - gsi3 `global`:               PRODUCTS#ALL                      / <created_at>#<id>
 * - gsi4 `globalCategory`:       PRODUCTS#C#<cat>                  / <created_at>#<id>
 * - gsi5 `byOwner`:              OWNER#<user id>                   / <created_at>#<id> (every status)
 * - gsi6 `every`:                PRODUCTS#EVERY                    / <created_at>#<id> (every product, every status: the admin's list)
 * - gsi7 `expiryDue`:            EXPIRY_DUE                        / <next expiry step's time>#<id> (sparse: only
 *   while on offer with an expiry; the step is the reminder, 3 days before, until it was mailed,
 *   then the expiry itself — so the hourly job Queries exactly what is due; docs/decisions/030)
 * Reports reuse gsi1 and gsi2 with their own partitions (no product partition starts with REPORT):
 * - gsi1: REPORTS#<status> / <created_at>#<report id>   (the admin's queue per status, newest first)
 * - gsi2: REPORTER#<user id> / <created_at>#<report id> (what a user reported)
 */

export const KEY = { pk: 'pk', sk: 'sk' } as const;

export interface IndexDef {
  readonly name: string;
  readonly pk: string;
  readonly sk: string;
}

export const INDEXES = {
  gsi1: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  gsi2: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  gsi3: { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
  gsi4: { name: 'gsi4', pk: 'gsi4pk', sk: 'gsi4sk' },
  gsi5: { name: 'gsi5', pk: 'gsi5pk', sk: 'gsi5sk' },
  gsi6: { name: 'gsi6', pk: 'gsi6pk', sk: 'gsi6sk' },
  gsi7: { name: 'gsi7', pk: 'gsi7pk', sk: 'gsi7sk' },
} as const satisfies Record<string, IndexDef>;

export const INDEX_LIST: readonly IndexDef[] = Object.values(INDEXES);

/** Stream view the indexer needs: the new image for upserts, the old one for removals. */
export const STREAM_VIEW = 'NEW_AND_OLD_IMAGES' as const;

/** TTL attribute (epoch seconds). Expiry must still be checked in code: TTL deletes lazily. */
export const TTL_ATTRIBUTE = 'expires_at_epoch';

/** The attribute that names every item's entity. */
export const ENTITY_ATTRIBUTE = 'entity';

/** Every kind of item the table holds (the item table above). */
export const ENTITIES = [
  'product',
  'question',
  'counter',
  'count',
  'countMember',
  'countMemberPage',
  'countLayout',
  'university',
  'universityRequest',
  'registration',
  'verificationCode',
  'sendWindow',
  'institutionalClaim',
  'resetToken',
  'mailRequest',
  'notifyWindow',
  'profile',
  'favorite',
  'report',
  'seedMarker',
  'audit',
  'job',
  'jobLock',
  'exchangeRate',
  'meetingPoint',
  'savedSearch',
  'savedSearchCount',
  'alertState',
  'idempotencyRecord',
  'universityDomain',
  'interest',
  'deal',
  'reputation',
  'review',
  'reviewPair',
  'reviewReport',
  'pushDevice',
  'pushEndpoint',
] as const;
export type Entity = (typeof ENTITIES)[number];

/** An item's key with its entity: what every write puts (a Key for reads has no entity). */
export function entityKey<K extends { pk: string; sk: string }>(
  entity: Entity,
  key: K,
): K & { entity: Entity } {
  return { ...key, [ENTITY_ATTRIBUTE]: entity } as K & { entity: Entity };
}

/** Key prefixes of each entity, for items written before they carried the attribute. */
const ENTITY_BY_KEY: readonly [RegExp, RegExp, Entity][] = [
  [/^PRODUCT#/, /^PRODUCT$/, 'product'],
  [/^PRODUCT#/, /^QUESTION#/, 'question'],
  [/^COUNTER#/, /^COUNTER$/, 'counter'],
  [/^COUNT#/, /^COUNT$/, 'count'],
  [/^COUNTMEMBER#/, /^COUNTMEMBER$/, 'countMember'],
  [/^COUNTMEMBERS#/, /^COUNTMEMBERS$/, 'countMemberPage'],
  [/^COUNTLAYOUT$/, /^COUNTLAYOUT$/, 'countLayout'],
  [/^UNIVERSITY#/, /^UNIVERSITY$/, 'university'],
  [/^UNIREQ#/, /^UNIREQ$/, 'universityRequest'],
  [/^REGISTRATION#/, /^REGISTRATION$/, 'registration'],
  [/^VERIFY#/, /^VERIFY$/, 'verificationCode'],
  [/^SENDRATE#/, /^WINDOW$/, 'sendWindow'],
  [/^INSTEMAIL#/, /^CLAIM$/, 'institutionalClaim'],
  [/^RESET#/, /^RESET$/, 'resetToken'],
  [/^MAILREQ#/, /^MAILREQ$/, 'mailRequest'],
  [/^NOTIFY#/, /^PRODUCT#/, 'notifyWindow'],
  [/^PROFILE#/, /^PROFILE$/, 'profile'],
  [/^USER#/, /^FAV#/, 'favorite'],
  [/^PRODUCT#/, /^REPORT#/, 'report'],
  [/^META#seed$/, /^META#/, 'seedMarker'],
  [/^AUDIT#/, /^AUDIT#/, 'audit'],
  [/^JOB#/, /^JOB$/, 'job'],
  [/^JOBLOCK#/, /^LOCK$/, 'jobLock'],
  [/^RATE#/, /^DATE#/, 'exchangeRate'],
  [/^UNIVERSITY#/, /^MEETPOINT#/, 'meetingPoint'],
  [/^USER#/, /^SEARCH#/, 'savedSearch'],
  [/^USER#/, /^SEARCHES$/, 'savedSearchCount'],
  [/^ALERTS#/, /^STATE$/, 'alertState'],
  [/^IDEM#/, /^IDEM$/, 'idempotencyRecord'],
  [/^UNIDOMAIN#/, /^UNIDOMAIN$/, 'universityDomain'],
  [/^PRODUCT#/, /^INTEREST#/, 'interest'],
  [/^PRODUCT#/, /^DEAL$/, 'deal'],
  [/^PROFILE#/, /^REPUTATION$/, 'reputation'],
  [/^PRODUCT#/, /^REVIEW#/, 'review'],
  [/^REVIEWPAIR#/, /^PAIR$/, 'reviewPair'],
  [/^PRODUCT#/, /^REVIEWREPORT#/, 'reviewReport'],
  [/^USER#/, /^PUSH#/, 'pushDevice'],
  [/^PUSHENDPOINT#/, /^PUSHENDPOINT$/, 'pushEndpoint'],
];

/**
 * The entity of an item: its `entity` attribute, or, for an item written before items carried one,
 * the entity its key pattern belongs to. Undefined when neither tells.
 */
export function entityOf(
  item: Record<string, unknown> | undefined,
  key?: Record<string, unknown>,
): Entity | undefined {
  const named = item?.[ENTITY_ATTRIBUTE];
  if (typeof named === 'string' && (ENTITIES as readonly string[]).includes(named)) return named as Entity;
  const pk = key?.[KEY.pk] ?? item?.[KEY.pk];
  const sk = key?.[KEY.sk] ?? item?.[KEY.sk];
  if (typeof pk !== 'string' || typeof sk !== 'string') return undefined;
  return ENTITY_BY_KEY.find(([p, s]) => p.test(pk) && s.test(sk))?.[2];
}

const pad = (id: number) => String(id).padStart(12, '0');

export const keys = {
  product: (id: number) => ({ pk: `PRODUCT#${id}`, sk: 'PRODUCT' }),
  /**
   * Questions live in their product's partition (a collection): one Query lists them oldest first
   * (question ids start with their creation time) and finds them when the product is deleted.
   */
  productPartition: (id: number) => `PRODUCT#${id}`,
  questionPrefix: 'QUESTION#',
  question: (productId: number, questionId: string) => ({
    pk: `PRODUCT#${productId}`,
    sk: `QUESTION#${questionId}`,
  }),
  productCounter: () => ({ pk: 'COUNTER#product', sk: 'COUNTER' }),
  /** An exact count, by name (a listing's count is named by its listing partition key). */
  count: (name: string) => ({ pk: `COUNT#${name}`, sk: 'COUNT' }),
  /** Which counts a member (e.g. `PRODUCT#<id>`) is in now: what makes counting idempotent. */
  countMember: (member: string) => ({ pk: `COUNTMEMBER#${member}`, sk: 'COUNTMEMBER' }),
  /** The markers of a page of members, one item (e.g. `PRODUCTS#3`: products 150–199; decision 051). */
  countMemberPage: (page: string) => ({ pk: `COUNTMEMBERS#${page}`, sk: 'COUNTMEMBERS' }),
  /** Present once no product's own marker is left (foldProductMarkers; decision 051). */
  countLayout: () => ({ pk: 'COUNTLAYOUT', sk: 'COUNTLAYOUT' }),
  university: (id: string) => ({ pk: `UNIVERSITY#${id}`, sk: 'UNIVERSITY' }),
  universityRequest: (id: string) => ({ pk: `UNIREQ#${id}`, sk: 'UNIREQ' }),
  /** A university's safe meeting points live in its partition: one Query lists them (decision 032). */
  meetingPoint: (universityId: string, pointId: string) => ({
    pk: `UNIVERSITY#${universityId}`,
    sk: `MEETPOINT#${pointId}`,
  }),
  meetingPointPrefix: 'MEETPOINT#',
  universityPartition: (universityId: string) => `UNIVERSITY#${universityId}`,
  /**
   * A domain's claim (decision 042): `university_id` while a university holds it, `below` the ids of
   * the universities whose domains are its subdomains. Written in the universities' transactions.
   */
  universityDomain: (domain: string) => ({ pk: `UNIDOMAIN#${domain.toLowerCase()}`, sk: 'UNIDOMAIN' }),
  /** Sort key of every product listing index: newest last in key order. */
  productSort: (createdAt: string, id: number) => `${createdAt}#${pad(id)}`,
  universitiesPartition: 'UNIVERSITIES',
  universityRequestsPartition: 'UNIVERSITY_REQUESTS',
  byUniversity: (university: string) => `PRODUCTS#U#${university}`,
  byUniversityCategory: (university: string, category: string) => `PRODUCTS#U#${university}#C#${category}`,
  global: () => 'PRODUCTS#ALL',
  globalCategory: (category: string) => `PRODUCTS#C#${category}`,
  byOwner: (ownerId: string) => `OWNER#${ownerId}`,
  // Accounts. A verification code record is keyed by purpose and subject (the registration's id for
  // sign-up, the user id for the institutional address: one live code per subject, a new one
  // replaces it).
  /** A sign-up awaiting its code (docs/decisions/040): several may exist for one address. */
  registration: (id: string) => ({ pk: `REGISTRATION#${id}`, sk: 'REGISTRATION' }),
  verification: (purpose: string, subject: string) => ({ pk: `VERIFY#${purpose}#${subject}`, sk: 'VERIFY' }),
  /** Times of the codes/links sent to an address within the last hour (a sliding window). */
  sendWindow: (email: string) => ({ pk: `SENDRATE#${email}`, sk: 'WINDOW' }),
  /** One account per verified institutional address (lower-case). */
  institutionalClaim: (email: string) => ({ pk: `INSTEMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  /** Password-reset token, by the SHA-256 of the token (the token itself is never stored). */
  resetToken: (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: 'RESET' }),
  /**
   * What a public mail route (sign-up, sign-up code, password reset) asks for: the request path
   * writes it and answers; the stream dispatcher looks the address up and mails (docs/decisions/014).
   */
  mailRequest: (id: string) => ({ pk: `MAILREQ#${id}`, sk: 'MAILREQ' }),
  /**
   * The question mails of one product to one person (`kind`: 'question' to the seller, 'answer' to
   * the asker): the 15-minute window and the questions gathered in it (docs/decisions/020).
   */
  notifyWindow: (userId: string, productId: number, kind: string) => ({
    pk: `NOTIFY#${userId}`,
    sk: `PRODUCT#${productId}#${kind}`,
  }),
  /** gsi1 partition of the windows holding gathered questions, sorted by when they are due. */
  notifyDuePartition: 'NOTIFY_DUE',
  profile: (userId: string) => ({ pk: `PROFILE#${userId}`, sk: 'PROFILE' }),
  /** Favorites live in the user's partition, so listing them is a Query, never a Scan. */
  favoritesPartition: (userId: string) => `USER#${userId}`,
  favoritePrefix: 'FAV#',
  favorite: (userId: string, productId: number) => ({ pk: `USER#${userId}`, sk: `FAV#${pad(productId)}` }),
  // Reports live in their product's partition: one per reporter is the key itself, the product's
  // reports are one Query, and deleting the product (its own item only) leaves them in place.
  report: (productId: number, reporterId: string) => ({
    pk: `PRODUCT#${productId}`,
    sk: `REPORT#${reporterId}`,
  }),
  reportPrefix: 'REPORT#',
  /**
   * A signed-in person who contacted the seller or asked a question about a listing (issue 40): in
   * the product's partition, one per person, so the seller's list is one Query and a repeat is the
   * same item. The deal of a sale can only be closed with one of them.
   */
  interest: (productId: number, userId: string) => ({ pk: `PRODUCT#${productId}`, sk: `INTEREST#${userId}` }),
  interestPrefix: 'INTEREST#',
  /** gsi1 partition of what a person came for ('Mis Compras'), by their last contact. */
  interestsOf: (userId: string) => `INTERESTS#${userId}`,
  /**
   * A listing's deal (issue 40): its sale or reservation with a named buyer, in the product's
   * partition (one per listing: a listing is sold once), so it is written in one transaction with
   * the product and outlives the listing's deletion.
   */
  deal: (productId: number) => ({ pk: `PRODUCT#${productId}`, sk: 'DEAL' }),
  /** A person's reputation: completed deals (issue 40), beside their profile. */
  reputation: (userId: string) => ({ pk: `PROFILE#${userId}`, sk: 'REPUTATION' }),
  /** gsi1 partition of a buyer's deals, by when they were named. */
  dealsOf: (buyerId: string) => `DEALS#${buyerId}`,
  /** gsi7 partition of the deals whose review window has a step due (reminder, then closing). */
  dealsDuePartition: 'DEALS_DUE',
  /** A deal's review by one side (issue 40), beside the deal. */
  review: (productId: number, side: string) => ({ pk: `PRODUCT#${productId}`, sk: `REVIEW#${side}` }),
  /** A report of a review (one per reporter), beside the review. */
  reviewReport: (productId: number, side: string, reporterId: string) => ({
    pk: `PRODUCT#${productId}`,
    sk: `REVIEWREPORT#${side}#${reporterId}`,
  }),
  reviewReportPrefix: (side: string) => `REVIEWREPORT#${side}#`,
  /** gsi1 partition of the review reports of one status (the admin's queue). */
  reviewReportsByStatus: (status: string) => `REVIEWREPORTS#${status}`,
  /** gsi1 partition of a seller's visible reviews. */
  reviewsOf: (sellerId: string) => `REVIEWS#${sellerId}`,
  /** Whether a review of `subject` by `author` counts now (one per 30 days). */
  reviewPair: (authorId: string, subjectId: string) => ({
    pk: `REVIEWPAIR#${authorId}#${subjectId}`,
    sk: 'PAIR',
  }),
  /** The admin's queue of one status; also the name of the count of reports in that status. */
  reportsByStatus: (status: string) => `REPORTS#${status}`,
  reportsByReporter: (userId: string) => `REPORTER#${userId}`,
  /** A report as a member of the report counts. */
  reportMember: (productId: number, reporterId: string) => `REPORT#${productId}#${reporterId}`,
  // The admin area (docs/decisions/025, 026).
  /** gsi6: every product of every status, newest first. */
  everyProduct: () => 'PRODUCTS#EVERY',
  /** gsi7: listings by their next expiry step (reminder, then expiry), soonest first. */
  expiryDuePartition: 'EXPIRY_DUE',
  /** gsi7's sort key: the time the listing's next expiry step is due, then its id. */
  expiryDueSort: (dueAt: string, id: number) => `${dueAt}#${pad(id)}`,
  /** gsi1 partition of the profiles, sorted by account e-mail. */
  profilesPartition: 'PROFILES',
  /** gsi1 partition of the favorites of one product (deleted with the product). */
  favoritedBy: (productId: number) => `FAVORITED#${productId}`,
  /** gsi2 partition of the university requests of one status. */
  universityRequestsByStatus: (status: string) => `UNIREQS#${status}`,
  /** gsi2 partition of the universities being deleted (out of the public list already). */
  universitiesDeletingPartition: 'UNIVERSITIES#DELETING',
  // Saved searches and alerts (docs/decisions/031): in the user's partition, like favorites.
  savedSearchPrefix: 'SEARCH#',
  savedSearch: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `SEARCH#${id}` }),
  savedSearchCount: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SEARCHES' }),
  /** A person's device for Web Push (issue 41), by its endpoint's hash, in the person's partition. */
  pushDevice: (userId: string, endpointHash: string) => ({
    pk: `USER#${userId}`,
    sk: `PUSH#${endpointHash}`,
  }),
  pushDevicePrefix: 'PUSH#',
  /** Who holds a device's endpoint now. */
  pushEndpoint: (endpointHash: string) => ({ pk: `PUSHENDPOINT#${endpointHash}`, sk: 'PUSHENDPOINT' }),
  /** gsi1 partition of every saved search (the local matcher is rebuilt from it at start). */
  savedSearchesPartition: 'SAVED_SEARCHES',
  alertState: (userId: string) => ({ pk: `ALERTS#${userId}`, sk: 'STATE' }),
  /** gsi1 partition of the alert states holding a digest, sorted by when it is due. */
  alertDuePartition: 'ALERT_DUE',
  audit: (entityType: string, entityId: string, sortKey: string) => ({
    pk: `AUDIT#${entityType}#${entityId}`,
    sk: `AUDIT#${sortKey}`,
  }),
  auditPartition: (entityType: string, entityId: string) => `AUDIT#${entityType}#${entityId}`,
  auditAllPartition: 'AUDIT',
  job: (id: string) => ({ pk: `JOB#${id}`, sk: 'JOB' }),
  jobsOfKind: (kind: string) => `JOBS#${kind}`,
  exchangeRatePartition: 'RATE#USD',
  exchangeRate: (date: string) => ({ pk: 'RATE#USD', sk: `DATE#${date}` }),
  /**
   * The first answer of an idempotent create (decision 041), by route, caller (`user:<id>`, or
   * `client:<address>` for an anonymous caller) and the request's Idempotency-Key.
   */
  idempotencyRecord: (route: string, caller: string, key: string) => ({
    pk: `IDEM#${route}#${caller}#${key}`,
    sk: 'IDEM',
  }),
  jobLock: (kind: string, target?: string | null) => ({
    pk: `JOBLOCK#${kind}${target ? `#${target}` : ''}`,
    sk: 'LOCK',
  }),
} as const;

/**
 * The counts the admin's dashboard reads (kept by the stream dispatcher, exact and idempotent per
 * member like the listing counts): every product, profiles, universities, and new listings per
 * UTC day and university (by the product's creation day, while the product exists).
 */
export const ADMIN_COUNTS = {
  everyProduct: 'PRODUCTS#EVERY',
  profiles: 'PROFILES',
  universities: 'UNIVERSITIES',
  daily: (day: string, university: string) => `DAILY#${day}#U#${university}`,
} as const;

/** Index attributes of a profile: the admin's list by account e-mail. */
export function profileIndexAttributes(p: { user_id: string; email: string }): Record<string, string> {
  return { gsi1pk: keys.profilesPartition, gsi1sk: `${p.email.toLowerCase()}#${p.user_id}` };
}

/** Index attributes of a favorite: found by its product when the product is deleted. */
export function favoriteIndexAttributes(userId: string, productId: number): Record<string, string> {
  return { gsi1pk: keys.favoritedBy(productId), gsi1sk: userId };
}

/** Index attributes of a university request: all by date (gsi1) and by status (gsi2). */
export function universityRequestIndexAttributes(r: {
  id: string;
  status: string;
  created_at: string;
}): Record<string, string> {
  const sort = `${r.created_at}#${r.id}`;
  return {
    gsi1pk: keys.universityRequestsPartition,
    gsi1sk: sort,
    gsi2pk: keys.universityRequestsByStatus(r.status),
    gsi2sk: sort,
  };
}

/** Index attributes of a report item: its status queue (gsi1) and its reporter (gsi2). */
export function reportIndexAttributes(r: {
  id: string;
  status: string;
  reporter_id: string;
  created_at: string;
}): Record<string, string> {
  const sort = `${r.created_at}#${r.id}`;
  return {
    gsi1pk: keys.reportsByStatus(r.status),
    gsi1sk: sort,
    gsi2pk: keys.reportsByReporter(r.reporter_id),
    gsi2sk: sort,
  };
}

/**
 * Whether a product is offered to the public: active and not held for review by reports. Only a
 * listed product is in the listing indexes, the counts, the search index, related products, the
 * public product page and contact.
 */
export function isListed(p: { status: string; held_at?: string | null }): boolean {
  // A reserved listing stays in listings and search, with its badge (issue 13).
  return isOnOffer(p.status) && !p.held_at;
}

/**
 * When a listing's next expiry step is due (docs/decisions/030): its reminder until that was
 * mailed, then its expiry; null when it is not on offer (held ones too: they expire on time) or
 * has no expiry.
 */
export function expiryStepDue(p: {
  status: string;
  expires_at?: string | null;
  reminded_for?: string | null;
}): string | null {
  if (!isOnOffer(p.status) || !p.expires_at) return null;
  return p.reminded_for === p.expires_at ? p.expires_at : reminderDueAt(p.expires_at);
}

/** The index and partition that serve a product listing by university and/or category. */
export function productListingKey(scope: { university?: string; category?: string }): {
  index: IndexDef;
  pk: string;
} {
  if (scope.university && scope.category)
    return { index: INDEXES.gsi2, pk: keys.byUniversityCategory(scope.university, scope.category) };
  if (scope.university) return { index: INDEXES.gsi1, pk: keys.byUniversity(scope.university) };
  if (scope.category) return { index: INDEXES.gsi4, pk: keys.globalCategory(scope.category) };
  return { index: INDEXES.gsi3, pk: keys.global() };
}

/**
 * The listing partitions a listed product is in (none otherwise): the four partition keys of
 * productIndexAttributes, each also the name of the count that totals its listing.
 */
export function productListingPartitions(p: {
  university_id: string;
  category: string;
  status: string;
  held_at?: string | null;
}): string[] {
  if (!isListed(p)) return [];
  return [
    keys.byUniversity(p.university_id),
    keys.byUniversityCategory(p.university_id, p.category),
    keys.global(),
    keys.globalCategory(p.category),
  ];
}

/** Index attributes of a product item: listing indexes only while listed (active, not held). */
export function productIndexAttributes(p: {
  id: number;
  university_id: string;
  category: string;
  status: string;
  held_at?: string | null;
  created_at: string;
  owner_id: string | null;
  expires_at?: string | null;
  reminded_for?: string | null;
}): Record<string, string> {
  const sort = keys.productSort(p.created_at, p.id);
  const attrs: Record<string, string> = { gsi6pk: keys.everyProduct(), gsi6sk: sort };
  const due = expiryStepDue(p);
  if (due) {
    attrs.gsi7pk = keys.expiryDuePartition;
    attrs.gsi7sk = keys.expiryDueSort(due, p.id);
  }
  if (p.owner_id) {
    attrs.gsi5pk = keys.byOwner(p.owner_id);
    attrs.gsi5sk = sort;
  }
  const [byUniversity, byUniversityCategory, global, globalCategory] = productListingPartitions(p);
  if (!byUniversity) return attrs;
  return {
    ...attrs,
    gsi1pk: byUniversity,
    gsi1sk: sort,
    gsi2pk: byUniversityCategory,
    gsi2sk: sort,
    gsi3pk: global,
    gsi3sk: sort,
    gsi4pk: globalCategory,
    gsi4sk: sort,
  };
}
