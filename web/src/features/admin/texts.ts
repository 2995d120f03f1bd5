/**
 * The admin area's own Spanish texts (the spec's texts where it gives them, verbatim). Messages the
 * API sends come from the server and are shown as they are.
 */
export const ADMIN_TEXTS = {
  notAdmin: {
    title: 'Acceso denegado',
    description: 'No tienes permisos para acceder al panel de administración.',
  },
  signInTitle: 'Panel de Administrador',
  signInSubtitle: 'Inicia sesión con tu cuenta de administrador.',
  nav: {
    label: 'Administración',
    menu: 'Menú',
    dashboard: 'Dashboard',
    products: 'Productos',
    reports: 'Reportes',
    users: 'Usuarios',
    universities: 'Universidades',
    universityRequests: 'Solicitudes',
    exchangeRate: 'Tasa BCV',
    backToApp: 'Volver a la app',
    signOut: 'Cerrar sesión',
  },
} as const;
