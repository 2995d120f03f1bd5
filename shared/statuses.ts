/**
 * The statuses of listings, university requests and reports, and the admin roles, with their Spanish
 * labels: beside shared/enums.ts (the catalog's lists), a module of their own so the first screens,
 * which show none of them, do not carry them (docs/decisions/037-router-components-tree-shaken.md).
 */

export const PRODUCT_STATUS_LABELS = {
  active: 'Activo',
  reserved: 'Reservado',
  sold: 'Vendido',
  inactive: 'Inactivo',
  expired: 'Vencido',
} as const;
export type ProductStatus = keyof typeof PRODUCT_STATUS_LABELS;
export const PRODUCT_STATUSES = [
  'active',
  'reserved',
  'sold',
  'inactive',
  'expired',
] as const satisfies readonly ProductStatus[];

/**
 * The changes a seller makes to their own listing (issue 13): a reserved listing stays listed and
 * contactable; sold is final; 'inactive' is an admin's decision, which the seller cannot undo.
 */
export const OWNER_TRANSITIONS: Readonly<Record<ProductStatus, readonly ProductStatus[]>> = {
  active: ['reserved', 'sold'],
  reserved: ['active', 'sold'],
  sold: [],
  inactive: [],
  // An expired listing comes back only by renewal (docs/decisions/030), which may cost a daily slot.
  expired: ['sold'],
};

/** Statuses in which a product is offered (listed unless held for review): active and reserved. */
export const isOnOffer = (status: string): boolean => status === 'active' || status === 'reserved';

export const REQUEST_STATUS_LABELS = {
  pending: 'Pendiente',
  approved: 'Aprobada',
  rejected: 'Rechazada',
} as const;
export type RequestStatus = keyof typeof REQUEST_STATUS_LABELS;
export const REQUEST_STATUSES = [
  'pending',
  'approved',
  'rejected',
] as const satisfies readonly RequestStatus[];
export const UNKNOWN_STATUS_LABEL = 'Desconocido';

export const REPORT_CATEGORY_LABELS = {
  contenido_prohibido: 'Contenido prohibido',
  fraude_estafa: 'Fraude o estafa',
  informacion_enganosa: 'Información engañosa',
  spam: 'Spam',
  acoso: 'Acoso',
  contenido_duplicado: 'Contenido duplicado',
  precio_abusivo: 'Precio abusivo',
} as const;
export type ReportCategory = keyof typeof REPORT_CATEGORY_LABELS;
export const REPORT_CATEGORIES = Object.keys(REPORT_CATEGORY_LABELS) as [ReportCategory, ...ReportCategory[]];

export const REPORT_STATUSES = ['pending', 'resolved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const ROLES = ['admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
