import { API_MESSAGES } from '#shared/messages';
import {
  ALREADY_REPORTED_CODE,
  type ProductReport,
  REPORT_MESSAGES,
  type ReportBody,
  type ReportState,
} from '#shared/reports';
import type { Product } from '#shared/schemas';
import { isListed } from '#shared/table';
import type { AuthContext } from '../../commons/auth';
import { AppError, ForbiddenError, NotFoundError } from '../../commons/errors';
import type { ProfileRepository, SendCounter } from '../../ports/accounts';
import type { IdempotencyClaim } from '../../ports/idempotency';
import type { ReportRepository } from '../../ports/reports';
import type { ProductRepository } from '../../ports/repositories';
import { getProfile } from '../accounts/accounts';
import { sellerName } from '../publishing/publishing';
import { DAY_MS } from '../../commons/time';

/**
 * Reports of products (docs/decisions/019-reports-and-holds.md): a signed-in user reports someone
 * else's listed product once. What follows in the stream (counts, the automatic hold) is in
 * services/report-holds.ts.
 */

/** Reports one account may send in any 24 hours: plenty for a person, too few to flood the queue. */
export const REPORTS_PER_DAY = 20;

export interface ReportDeps {
  products: ProductRepository;
  reports: ReportRepository;
  profiles: ProfileRepository;
  sendCounter: SendCounter;
  now: () => Date;
  newId: () => string;
}

/** The 409 of a repeated report: information for the person (their report is in), not a failure. */
export class AlreadyReportedError extends AppError {
  constructor() {
    super(409, ALREADY_REPORTED_CODE, REPORT_MESSAGES.alreadyReported);
  }
}

/** The product a person may report: listed (as its public page), and not theirs. */
async function reportable(deps: Pick<ReportDeps, 'products'>, auth: AuthContext, productId: number) {
  const product = await deps.products.get(productId);
  if (!product || !isListed(product)) throw new NotFoundError(API_MESSAGES.productNotFound);
  if (product.owner_id === auth.userId) throw new ForbiddenError(REPORT_MESSAGES.ownProduct);
  return product;
}

/**
 * Reports a product. The conditional write decides between concurrent first attempts, so exactly
 * one report exists whatever the race; the report, the request's first answer and the daily slot
 * are one transaction (decision 041), so a repeat, a refusal or a failure costs no slot.
 */
export async function reportProduct(
  deps: ReportDeps,
  auth: AuthContext,
  productId: number,
  body: ReportBody,
  claim: IdempotencyClaim,
): Promise<ReportState> {
  const [product, existing] = await Promise.all([
    reportable(deps, auth, productId),
    deps.reports.get(productId, auth.userId),
  ]);
  if (existing) throw new AlreadyReportedError();
  const profile = await getProfile(deps, auth);
  const verified = profile.university_email_verified && !!profile.university_email;
  const report: ProductReport = {
    id: deps.newId(),
    product_id: productId,
    reporter_id: auth.userId,
    reporter_name: sellerName(profile.full_name ?? auth.name ?? null, profile.email || auth.email),
    reporter_university_email: profile.university_email,
    reporter_verified: verified,
    report_category: body.report_category,
    additional_comments: body.additional_comments,
    status: 'pending',
    admin_notes: null,
    reviewed_at: null,
    created_at: deps.now().toISOString(),
    ...snapshotOf(product),
  };
  const answer: ReportState = { reported: true };
  const slot = {
    subject: `report:${auth.userId}`,
    max: REPORTS_PER_DAY,
    windowMs: DAY_MS,
    message: REPORT_MESSAGES.dailyLimit,
  };
  const terms = { record: claim.record(answer), allowances: [slot], now: deps.now().getTime() };
  if (!(await deps.reports.createIfAbsent(report, terms))) throw new AlreadyReportedError();
  return answer;
}

/** What the admin sees of the product as it was reported (it may change or go afterwards). */
function snapshotOf(p: Product) {
  return {
    product_title: p.title,
    product_price: p.price,
    product_category: p.category,
    product_status: p.status,
    product_university_id: p.university_id,
    seller_id: p.owner_id,
    seller_name: p.seller_name,
  };
}

/** Whether the caller already reported the product (the dialog then says so instead of opening). */
export async function ownReportState(
  deps: Pick<ReportDeps, 'products' | 'reports'>,
  auth: AuthContext,
  productId: number,
): Promise<ReportState> {
  const [, existing] = await Promise.all([
    reportable(deps, auth, productId),
    deps.reports.get(productId, auth.userId),
  ]);
  return { reported: existing !== null };
}
