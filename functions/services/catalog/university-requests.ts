import type { AdminUniversityRequest, RequestDecisionBody } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { UNIVERSITY_ID_PATTERN } from '#shared/ids';
import { API_MESSAGES } from '#shared/messages';
import type { UniversityRequest, UniversityRequestInput } from '#shared/schemas';
import { slugify } from '#shared/text';
import type { AuthContext } from '../../commons/auth';
import { ConflictError, NotFoundError } from '../../commons/errors';
import { DAY_MS, HOUR_MS } from '../../commons/time';
import type { ProfileRepository } from '../../ports/accounts';
import type { Allowance, IdempotencyClaim } from '../../ports/idempotency';
import type { Page, StoredRequest, UniversityRequestRepository } from '../../ports/repositories';
import { auditOf, requireAdmin } from '../admin/audit';

/**
 * Requests to add a university: anyone may ask (limited per address and account, decision 041);
 * the staff decide, through the request repository with the decision's audit record.
 */
export interface UniversityRequestDeps {
  universityRequests: UniversityRequestRepository;
  profiles: ProfileRepository;
  now: () => Date;
  newId: () => string;
}

/**
 * University requests from one client address in any hour (a campus network shares one address:
 * generous) and from one signed-in account in any day (a student asks for their own university).
 */
export const UNIVERSITY_REQUESTS_PER_CLIENT = { max: 10, windowMs: HOUR_MS } as const;
export const UNIVERSITY_REQUESTS_PER_ACCOUNT = { max: 3, windowMs: DAY_MS } as const;

/**
 * The request dialog: stored as pending; the requester is optional (anonymous visitors may ask),
 * and recorded when signed in. Limited per client address and per account: the request, its
 * first answer and the uses of both limits are one transaction (decision 041), so a retry is
 * answered with the first request and a failed one costs nothing.
 */
export async function createUniversityRequest(
  deps: {
    universityRequests: UniversityRequestRepository;
    now: () => Date;
    newId: () => string;
  },
  input: UniversityRequestInput,
  requesterId: string | null,
  client: string,
  claim: IdempotencyClaim,
): Promise<UniversityRequest> {
  const message = API_MESSAGES.tooManyUniversityRequests;
  const allowances: Allowance[] = [
    { subject: `unireq-client:${client}`, ...UNIVERSITY_REQUESTS_PER_CLIENT, message },
    ...(requesterId
      ? [{ subject: `unireq-account:${requesterId}`, ...UNIVERSITY_REQUESTS_PER_ACCOUNT, message }]
      : []),
  ];
  const now = deps.now();
  const request: UniversityRequest = {
    ...input,
    additional_info: input.additional_info ?? null,
    id: deps.newId(),
    status: 'pending',
    admin_notes: null,
    requester_id: requesterId,
    created_at: now.toISOString(),
  };
  await deps.universityRequests.create(request, {
    record: claim.record(request),
    allowances,
    now: now.getTime(),
  });
  return request;
}

async function withRequester(
  deps: UniversityRequestDeps,
  list: StoredRequest[],
): Promise<AdminUniversityRequest[]> {
  const ids = [...new Set(list.map((r) => r.requester_id).filter((x): x is string => !!x))];
  const profiles = new Map(
    await Promise.all(ids.map(async (id) => [id, await deps.profiles.get(id)] as const)),
  );
  return list.map((r) => {
    const p = r.requester_id ? profiles.get(r.requester_id) : null;
    return {
      ...r,
      requester_name: p?.full_name || ADMIN_MESSAGES.anonymousRequester,
      requester_email: p?.university_email || ADMIN_MESSAGES.notAvailable,
    };
  });
}

export async function listUniversityRequests(
  deps: UniversityRequestDeps,
  auth: AuthContext | null,
  query: { status?: string; limit: number; cursor?: string },
): Promise<Page<AdminUniversityRequest>> {
  requireAdmin(auth);
  const page = await deps.universityRequests.list(query.status, query.limit, query.cursor);
  return { items: await withRequester(deps, page.items), nextCursor: page.nextCursor };
}

/** A slug from a short name ('USB' → 'usb'), cut to the id's length; '' when nothing is left. */
export function suggestUniversityId(name: string): string {
  const slug = slugify(name)
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/, '');
  return UNIVERSITY_ID_PATTERN.test(slug) ? slug : '';
}

export async function decideUniversityRequest(
  deps: UniversityRequestDeps,
  auth: AuthContext | null,
  requestId: string,
  body: RequestDecisionBody,
) {
  const admin = requireAdmin(auth);
  const current = await deps.universityRequests.get(requestId);
  if (!current) throw new NotFoundError(ADMIN_MESSAGES.requestNotFound);
  if (current.status !== 'pending') throw new ConflictError(ADMIN_MESSAGES.requestNotPending);
  const next: StoredRequest = {
    ...current,
    status: body.status,
    admin_notes: body.admin_notes,
    reviewed_at: deps.now().toISOString(),
  };
  const audit = auditOf(deps, admin, {
    action: 'request.decide',
    entityType: 'universityRequest',
    entityId: requestId,
    before: { status: current.status },
    after: { status: body.status },
    notes: body.admin_notes,
  });
  // Only a pending request is decided: of two concurrent decisions one wins, the other is a 409.
  if (!(await deps.universityRequests.decide(current, next, audit)))
    throw new ConflictError(ADMIN_MESSAGES.requestNotPending);
  const [request] = await withRequester(deps, [next]);
  return {
    request,
    university_draft:
      body.status === 'approved'
        ? {
            id: suggestUniversityId(current.university_name),
            name: current.university_name,
            full_name: current.university_full_name,
            email_domain: current.email_domain.toLowerCase(),
            city: current.city || null,
            logo: null,
            request_id: current.id,
          }
        : null,
  };
}
