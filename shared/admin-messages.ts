/**
 * The Spanish texts of the admin area that the API answers and the web shows (issue 10; the spec's
 * Admin area, its Universities and requests and Admin errors). Zod-free, so the admin pages can
 * import them without the schemas. Texts of the spec are verbatim.
 */
export const ADMIN_NOTES_MAX = 1000;
/** Latest reports on the dashboard (spec: 5). */
export const DASHBOARD_RECENT_REPORTS = 5;
/** Latest audit records on the dashboard. */
export const DASHBOARD_RECENT_AUDIT = 10;
/** Days of the dashboard's new-listings chart. */
export const DASHBOARD_DAYS = 30;

export const ADMIN_MESSAGES = {
  // Access
  forbidden: 'No tienes permiso para realizar esta acción.',
  superAdminOnly: 'Solo un super administrador puede otorgar o quitar el rol de administrador.',
  ownRole: 'No puedes cambiar tu propio rol de administrador.',
  superAdminTarget: 'No puedes modificar el rol de un super administrador.',
  /** A role change reaches the person's token at their next sign-in (or token refresh). */
  roleNextSignIn: 'El cambio de rol se aplicará la próxima vez que el usuario inicie sesión.',
  roleGranted: 'Rol de administrador otorgado.',
  roleRemoved: 'Rol de administrador retirado.',

  // Common
  notesTooLong: `Las notas no pueden tener más de ${ADMIN_NOTES_MAX} caracteres.`,
  invalidCursor: 'El cursor de paginación no es válido.',
  unexpected: 'Error inesperado',
  entityNotFound: 'Entidad no encontrada.',
  auditEntityPair: 'Indica el tipo y el identificador de la entidad, o ninguno.',

  // Products
  productNotFound: 'Producto no encontrado',
  soldStatus: 'Un producto vendido no se puede activar ni desactivar.',
  /** Decision 030: an expired listing comes back only by its seller's renewal. */
  expiredStatus: 'Esta publicación está vencida: solo su vendedor puede renovarla.',
  invalidProductStatus: 'Estado no válido: usa "active" o "inactive".',
  productUpdated: 'Estado del producto actualizado',
  productDeleted: 'Producto eliminado correctamente',

  // Reports
  reportNotFound: 'Reporte no encontrado.',
  reportNotPending: 'Este reporte ya fue revisado.',
  invalidReportDecision: 'Decisión no válida: usa "resolved" o "rejected".',
  reportResolved: 'Reporte resuelto',
  reportRejected: 'Reporte rechazado',
  deactivateNeedsResolve: 'Solo se puede desactivar el producto al resolver el reporte.',

  // Users
  userNotFound: 'Usuario no encontrado.',
  noInstitutionalEmail: 'El usuario no tiene un correo institucional registrado.',
  institutionalEmailTaken: 'Otra cuenta ya tiene verificado este correo institucional.',
  /** Decision 042: the user's university is gone, being deleted, or its domain is not the address's. */
  verificationUniversityClosed:
    'No se puede verificar: la universidad del usuario ya no existe, se está eliminando o su correo no es de su dominio.',
  verificationUpdated: 'Verificación actualizada',

  // Universities (spec texts where it has them)
  universityNotFound: 'Universidad no encontrada',
  universityExists: 'Ya existe una universidad con ese identificador.',
  universityIdInvalid:
    'El identificador debe ser un slug en minúsculas: letras, números y guiones, de 2 a 20 caracteres.',
  universityIdRequired: 'El identificador es requerido.',
  universityNameRequired: 'El nombre corto es requerido.',
  universityFullNameRequired: 'El nombre completo es requerido.',
  emailDomainRequired: 'El dominio de correo es requerido.',
  emailDomainInvalid: 'Dominio de correo no válido.',
  /** Decision 042: '{domain}', '{other}' (the other's domain) and '{university}' (its name) are replaced. */
  domainTaken: 'El dominio {domain} ya es de {university}. Cada universidad necesita un dominio propio.',
  domainUnderOther:
    '{domain} es un subdominio de {other}, el dominio de {university}. Cada universidad necesita un dominio propio.',
  domainOverOther:
    '{domain} abarca {other}, el dominio de {university}. Cada universidad necesita un dominio propio.',
  logoInvalid: 'El logo debe ser una URL https.',
  universityDeleting: 'La universidad se está eliminando.',
  universityCreated: 'Universidad creada correctamente',
  universityUpdated: 'Universidad actualizada correctamente',
  universityDeleted: 'Universidad eliminada correctamente',
  universityDeleteFailed: 'No se pudo eliminar la universidad: {reason}',
  universitiesLoadFailed: 'Error al cargar las universidades',

  // University requests (spec)
  requestNotFound: 'Solicitud no encontrada.',
  requestNotPending: 'Solo se pueden aprobar o rechazar solicitudes pendientes.',
  invalidRequestDecision: 'Decisión no válida: usa "approved" o "rejected".',
  requestApproved: 'Solicitud aprobada correctamente',
  requestRejected: 'Solicitud rechazada correctamente',
  requestUpdateFailed: 'No se pudo actualizar la solicitud',
  requestsLoadFailed: 'Error al cargar las solicitudes',
  anonymousRequester: 'Usuario anónimo',
  notAvailable: 'No disponible',

  // Jobs (reindex: the spec's 'Error al reindexar Algolia' names our search index instead)
  reindexRunning: 'Ya hay una reindexación en curso.',
  reindexStarted: 'Reindexación iniciada',
  reindexError: 'Error al reindexar el índice de búsqueda',
  jobNotFound: 'Tarea no encontrada.',
} as const;

/** What each audited admin action is called in the history (the action codes of shared/admin.ts). */
export const AUDIT_ACTION_LABELS = {
  'product.status': 'Cambio de estado del producto',
  'product.delete': 'Producto eliminado',
  'report.decide': 'Reporte revisado',
  'review.hide': 'Reseña ocultada',
  'review.keep': 'Reseña mantenida',
  'user.verification': 'Verificación del correo institucional',
  'user.role': 'Cambio de rol',
  'university.create': 'Universidad creada',
  'university.update': 'Universidad editada',
  'university.delete': 'Universidad eliminada',
  'request.decide': 'Solicitud revisada',
  'index.reindex': 'Reindexación del buscador',
  'rate.set': 'Tasa BCV registrada',
  'rate.correct': 'Tasa BCV corregida',
  'meeting_point.create': 'Punto de encuentro creado',
  'meeting_point.update': 'Punto de encuentro editado',
  'meeting_point.delete': 'Punto de encuentro eliminado',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const JOB_STATUS_LABELS = {
  queued: 'En cola',
  running: 'En curso',
  succeeded: 'Completada',
  failed: 'Fallida',
} as const;
export type JobStatus = keyof typeof JOB_STATUS_LABELS;

/** The admin's names of the roles shown in the users list. */
export const ROLE_LABELS = { admin: 'Administrador', super_admin: 'Super administrador' } as const;
