import type { AuditEntry } from '#shared/admin';
import type { Product } from '#shared/schemas';
import type { MeetingPoint } from '#shared/trust';

/** What the seller page reads of a profile: never the e-mail addresses. */
export interface SellerProfile {
  user_id: string;
  full_name: string | null;
  university_id: string | null;
  university_email_verified: boolean;
  /** When the institutional e-mail was verified (absent for verifications before it was kept). */
  university_email_verified_at: string | null;
  created_at: string;
  /** The seller hid the listing of their sold items on their page. */
  seller_hide_sold: boolean;
}

/** A meeting point as stored: `updated_at` is what an edit or deletion is conditioned on. */
export interface StoredMeetingPoint extends MeetingPoint {
  updated_at: string;
}

/** The seller page's and the meeting points' table access (docs/decisions/032). */
export interface TrustStore {
  sellerProfile(userId: string): Promise<SellerProfile | null>;
  /** Every product of an owner, any status, newest first: one Query of the owner index (all pages). */
  sellerProducts(ownerId: string): Promise<Product[]>;
  /** Sets the seller page's switch; false when the profile does not exist. */
  setHideSold(userId: string, hide: boolean): Promise<boolean>;
  /** A university's meeting points, by name. */
  listMeetingPoints(universityId: string): Promise<StoredMeetingPoint[]>;
  getMeetingPoint(universityId: string, pointId: string): Promise<StoredMeetingPoint | null>;
  /**
   * The point and its audit record in one transaction; false when the id exists or the university
   * is gone or being deleted (decision 042).
   */
  createMeetingPoint(point: StoredMeetingPoint, audit: AuditEntry): Promise<boolean>;
  /** Replaces the point as read (its `updated_at`) with its audit record; false when it changed or went. */
  updateMeetingPoint(
    current: StoredMeetingPoint,
    next: StoredMeetingPoint,
    audit: AuditEntry,
  ): Promise<boolean>;
  /** Deletes the point as read with its audit record; false when it changed or went. */
  deleteMeetingPoint(current: StoredMeetingPoint, audit: AuditEntry): Promise<boolean>;
}
