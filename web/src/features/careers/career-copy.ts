import type { Career } from '#shared/enums';

/** One line per career for /carreras and the career page header. */
export const CAREER_DESCRIPTIONS: Record<Career, string> = {
  economia: 'Libros de micro y macro, calculadoras financieras y guías de estudio.',
  arquitectura: 'Maquetas, escalímetros, papel, lámparas y material de dibujo.',
  ingenieria: 'Calculadoras científicas, libros de cálculo, kits y herramientas.',
  derecho: 'Códigos, leyes, manuales y libros de doctrina.',
  comunicacion: 'Cámaras, micrófonos, trípodes y equipos de producción.',
  psicologia: 'Manuales, tests, libros de texto y material de consulta.',
  administracion: 'Libros de gerencia, contabilidad y finanzas.',
  medicina: 'Batas, estetoscopios, atlas de anatomía y libros de consulta.',
  otros: 'Material de estudio para cualquier carrera.',
};
