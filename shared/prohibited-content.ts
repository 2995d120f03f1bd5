/**
 * Section 3 of the terms: what may not be published. The moderation issue reuses these ids and
 * texts (rule moderator, Bedrock prompt, report reasons), so the terms and the checks never drift.
 */
export const PROHIBITED_CONTENT = [
  {
    id: 'drogas-armas-robados',
    label: 'Drogas ilegales, armas, explosivos y artículos robados',
    description:
      'Sustancias estupefacientes o psicotrópicas, armas de fuego, armas blancas, municiones, explosivos, fuegos artificiales y cualquier bien de procedencia ilícita.',
  },
  {
    id: 'alcohol-tabaco',
    label: 'Bebidas alcohólicas y tabaco',
    description: 'Bebidas alcohólicas, cigarrillos, tabaco, vapeadores y sus accesorios.',
  },
  {
    id: 'contenido-adulto',
    label: 'Contenido para adultos',
    description:
      'Material sexual, pornográfico o de connotación sexual explícita, y servicios de esa naturaleza.',
  },
  {
    id: 'medicamentos-no-autorizados',
    label: 'Medicamentos no autorizados',
    description:
      'Medicamentos, suplementos o productos sanitarios sin registro sanitario vigente, o cuya venta requiera récipe médico.',
  },
  {
    id: 'falsificaciones-pirateria',
    label: 'Falsificaciones y piratería',
    description:
      'Réplicas de marcas, copias no autorizadas de libros, software, música o películas, y cualquier artículo que infrinja derechos de propiedad intelectual.',
  },
  {
    id: 'violencia-odio-discriminacion',
    label: 'Violencia, odio o discriminación',
    description:
      'Contenido que incite a la violencia o al odio, o que discrimine por origen, sexo, religión, orientación sexual, discapacidad, condición social u opinión política.',
  },
  {
    id: 'servicios-ilegales',
    label: 'Servicios ilegales o inmorales',
    description:
      'Servicios contrarios a la ley, a la moral o a los reglamentos universitarios, como la realización de exámenes o trabajos académicos por encargo.',
  },
  {
    id: 'spam-fraude',
    label: 'Spam y fraude',
    description:
      'Publicaciones repetidas, engañosas o sin relación con un producto real, cadenas, esquemas piramidales y cualquier intento de estafa o suplantación de identidad.',
  },
] as const;

export type ProhibitedContentId = (typeof PROHIBITED_CONTENT)[number]['id'];
