/**
 * The home's hero texts, a leaf module the hero component renders.
 */
/** The first of the hero's example searches (home-hero.tsx rotates through the rest): the one painted first. */
export const FIRST_EXAMPLE_SEARCH = 'libros de cálculo';

export const HERO_TITLE = { lead: 'Compra y vende ', emphasis: 'dentro de tu universidad' } as const;

export const HERO_SUBTITLE =
  'El marketplace de estudiantes, profesores y personal de las universidades venezolanas. Elige tu universidad para empezar.';

export const STEPS = [
  { title: 'Busca', text: 'Encuentra libros, electrónica, ropa y más publicados por tu comunidad.' },
  { title: 'Conecta con vendedores', text: 'Escríbele al vendedor directamente por WhatsApp.' },
  {
    title: 'Completa la compra en el campus',
    text: 'Reúnanse en la universidad y cierren el trato en persona.',
  },
];
