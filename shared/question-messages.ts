/**
 * The Spanish texts and limits of questions and answers (shared/questions.ts has the API's shapes).
 * Apart from the schemas so the product page's questions chunk carries no validation library.
 */
export const QUESTION_MESSAGES = {
  // The spec's error catalogue (titles of the web app's toasts).
  questionRejected: 'Pregunta rechazada',
  answerRejected: 'Respuesta rechazada',
  moderationError: 'Error de moderación',
  askFailed: 'Error al enviar la pregunta',
  answerFailed: 'Error al enviar la respuesta',
  deleteFailed: 'Error al eliminar la pregunta',
  // The spec's Question state.
  waiting: 'Esperando respuesta del vendedor...',
  // The API's own answers.
  notFound: 'Pregunta no encontrada',
  ownProduct: 'No puedes hacer preguntas en tu propio producto.',
  onlySeller: 'Solo el vendedor puede responder esta pregunta.',
  onlyAsker: 'Solo quien hizo la pregunta puede eliminarla.',
  alreadyAnswered: 'Esta pregunta ya fue respondida.',
  notOnSale: 'Este producto ya no está a la venta: no admite preguntas ni respuestas nuevas.',
  noSeller: 'El vendedor de este producto aún no tiene cuenta en Mercado Universitario: no puede recibir preguntas.',
  moderationUnavailable: 'No pudimos revisar el contenido en este momento. Inténtalo de nuevo en unos segundos.',
  tooManyQuestions: 'Has hecho demasiadas preguntas en la última hora. Inténtalo de nuevo más tarde.',
  tooManyAnswers: 'Has enviado demasiadas respuestas en la última hora. Inténtalo de nuevo más tarde.',
} as const;

/**
 * Per-account ceilings over any 60 minutes (sliding windows, nothing saved beyond them): questions
 * are the spec's 20; a seller answering a busy listing writes more, but each answer still costs a
 * model call, so answers stop at 60.
 */
export const QUESTION_LIMITS = {
  questionsPerHour: 20,
  answersPerHour: 60,
  /** Questions a product page lists (oldest first): far beyond what one listing gathers. */
  perProduct: 200,
} as const;
