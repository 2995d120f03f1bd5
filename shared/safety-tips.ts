/**
 * The three tips the contact flow and /compra-segura show: how fraud happens here (fake transfer
 * screenshots, payment before seeing the item, lonely places). Zod-free and in a module of its own,
 * so only the chunks that show them carry the text (decision 032).
 */
export const SAFETY_TIPS = [
  {
    title: 'Encuéntrense en el campus',
    text: 'Reúnete en un lugar público de tu universidad y de día, como la entrada de la biblioteca.',
  },
  {
    title: 'Verifica el pago en tu banco',
    text: 'Antes de entregar, revisa en tu propia app del banco que el dinero llegó: una captura de un Pago Móvil o de un Zelle no prueba nada.',
  },
  {
    title: 'Nunca pagues por adelantado',
    text: 'No envíes dinero por algo que no has visto en persona.',
  },
] as const;
