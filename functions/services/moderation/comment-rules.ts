import type {
  CommentModerationInput,
  CommentModerationResult,
} from '#shared/comment-moderation';
import { hasSpamPattern } from '#shared/content-check';
import { fold } from '#shared/text';

/**
 * The fast deterministic moderation of questions and answers (the spec's moderate-comment): it
 * runs after the quick check (shared/content-check.ts), before any model, and alone on the local
 * stack. It refuses insults and harassment, contact details slipped past the quick check (phone
 * numbers written with spaces or in words, e-mail addresses, messaging apps by nickname: buyers
 * reach sellers through the product's WhatsApp button), promotional spam, and offers of clearly
 * prohibited goods. Questions a buyer really asks must pass: the Spanish corpus in test/fixtures
 * (comment-moderation-corpus.json) holds both kinds.
 */

export const COMMENT_REASONS = {
  approved: 'Contenido apropiado',
  offensive: 'Lenguaje ofensivo o irrespetuoso',
  harassment: 'Comentarios de acoso o de connotación sexual',
  contact: 'No compartas teléfonos, correos ni redes sociales en preguntas o respuestas',
  spam: 'Contenido promocional o spam',
  prohibited: 'Menciona productos prohibidos por los términos',
} as const;

const SUGGESTIONS = {
  respectful: 'Escribe con respeto: pregunta o responde solo sobre el producto.',
  contact: 'Para hablar en privado usa el botón «Contactar por WhatsApp» del producto.',
  spam: 'Las preguntas y respuestas son solo sobre este producto.',
  prohibited: 'Revisa la sección 3 de los Términos y Condiciones: qué no se puede ofrecer.',
} as const;

/** Insults and slurs (folded, whole words): none has an innocent meaning in a question about a product. */
const OFFENSIVE = [
  'marico',
  'marica',
  'maricon',
  'mamaguevo',
  'mamahuevo',
  'mamaguebo',
  'mmg',
  'coño de tu madre',
  'cono de tu madre',
  'hijo de puta',
  'hija de puta',
  'hdp',
  'puta',
  'putas',
  'puto',
  'pendejo',
  'pendeja',
  'pendejos',
  'imbecil',
  'imbeciles',
  'idiota',
  'idiotas',
  'estupido',
  'estupida',
  'malparido',
  'malparida',
  'cabron',
  'huevon',
  'guevon',
  'jalabolas',
  'jalabola',
  'mierda',
  'verga',
  'callate',
  'vete al carajo',
  'te voy a matar',
  'te voy a partir',
  'te voy a joder',
  'muerete',
  'ladron de mierda',
];

/** Sexual remarks and advances aimed at a person. */
const HARASSMENT = [
  'mamacita',
  'mamita rica',
  'estas buena',
  'estas bueno',
  'que rico estas',
  'fotos tuyas',
  'foto tuya',
  'nudes',
];

/**
 * Asking for or handing out private contact: messaging apps by nickname (the quick check knows
 * their full names), e-mail providers, and the phrases that give or ask a number or address.
 */
const CONTACT = [
  'wsp',
  'wpp',
  'whats',
  'watsap',
  'guasap',
  'wasa',
  'ws',
  'insta',
  'ig',
  'tiktok',
  'tik tok',
  'tg',
  'fb',
  'face',
  'messenger',
  'discord',
  'gmail',
  'hotmail',
  'outlook',
  'yahoo',
  'arroba',
  'mi numero',
  'tu numero',
  'mi telefono',
  'tu telefono',
  'mi cel',
  'tu cel',
  'mi celular',
  'tu celular',
  'mi correo',
  'tu correo',
  'escribeme al',
  'escribeme por',
  'llamame al',
  'agregame',
  'mandame un mensaje',
  'mandame un dm',
  'dm',
];

/** Promotion and money schemes that have nothing to do with the product. */
const SPAM = [
  'gana dinero',
  'dinero facil',
  'dinero rapido',
  'ingresos extra desde casa',
  'trabaja desde casa',
  'inversion garantizada',
  'ganancias garantizadas',
  'duplica tu dinero',
  'haz clic',
  'haz click',
  'click aqui',
  'clic aqui',
  'visita mi perfil',
  'visita mi tienda',
  'visita mi pagina',
  'sigueme',
  'siganme',
  'suscribete',
  'mi canal',
  'oferta exclusiva',
  'promocion exclusiva',
  'criptomonedas gratis',
  'gana premios',
];

/** Goods the terms prohibit, named unambiguously (the listing rules handle the look-alikes). */
const PROHIBITED = [
  'marihuana',
  'cripy',
  'cocaina',
  'perico',
  'extasis',
  'lsd',
  'drogas',
  'hongos alucinogenos',
  'arma de fuego',
  'armas de fuego',
  'municiones',
  'hago tu tesis',
  'te hago la tesis',
  'presento tu examen',
  'te presento el examen',
  'respuestas del examen',
  'respuestas del parcial',
  'venta de titulos',
  'documentos falsos',
];

const E_MAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+\.[\p{L}]{2,}/u;
/** A handle: '@juan_perez' (not an address: the part before '@' is empty). */
const HANDLE = /(^|\s)@[\p{L}\p{N}_.]{3,}/u;

/** Spanish number words, with how many digits each stands for in a spelled-out phone number. */
const NUMBER_WORDS: Record<string, number> = {
  cero: 1,
  uno: 1,
  dos: 1,
  tres: 1,
  cuatro: 1,
  cinco: 1,
  seis: 1,
  siete: 1,
  ocho: 1,
  nueve: 1,
  diez: 2,
  once: 2,
  doce: 2,
  trece: 2,
  catorce: 2,
  quince: 2,
  dieciseis: 2,
  diecisiete: 2,
  dieciocho: 2,
  diecinueve: 2,
  veinte: 2,
  veintiuno: 2,
  veintidos: 2,
  veintitres: 2,
  veinticuatro: 2,
  veinticinco: 2,
  veintiseis: 2,
  veintisiete: 2,
  veintiocho: 2,
  veintinueve: 2,
  treinta: 2,
  cuarenta: 2,
  cincuenta: 2,
  sesenta: 2,
  setenta: 2,
  ochenta: 2,
  noventa: 2,
  cien: 3,
  ciento: 3,
};
/** Words that may sit inside a number said aloud ('treinta y cuatro'). */
const NUMBER_JOINERS = new Set(['y']);
/** Venezuelan mobile prefixes (0412, 0414, 0416, 0424, 0426; with or without the 0 or 58). */
const MOBILE_PREFIX = /^(58)?0?4(12|14|16|24|26)/;

/** Folded, compatibility forms as plain letters, a letter said three times or more as one. */
export function commentText(text: string): string {
  return fold(text.normalize('NFKC')).replace(/(\p{L})\1{2,}/gu, '$1');
}

/** Words (letters and digits) for whole-phrase matching, padded with spaces. */
function phraseText(text: string): string {
  return ` ${text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

const findPhrase = (padded: string, phrases: readonly string[]) =>
  phrases.find((p) => padded.includes(` ${p} `));

/** Whether a run of number tokens (digits or number words, in order) reads as a phone number. */
function isPhoneRun(run: readonly string[]): boolean {
  if (run.length === 0) return false;
  let digits = 0;
  let words = 0;
  for (const token of run) {
    if (/^\d+$/.test(token)) digits += token.length;
    else {
      digits += NUMBER_WORDS[token] ?? 0;
      words += 1;
    }
  }
  if (words === 0)
    // Ten digits however split ('0414 123 45 67'), or seven after a mobile prefix ('0414 555 12 34').
    return digits >= 10 || (digits >= 7 && run[0].length >= 4 && MOBILE_PREFIX.test(run[0]));
  // Said in words: seven digits' worth in three words or more, or three words from 'cero'.
  return (digits >= 7 && run.length >= 3) || (run[0] === 'cero' && run.length >= 3);
}

/**
 * A phone number however it is written: digits split by spaces, dots, dashes or brackets, or said
 * in words ('cero cuatro catorce…'). Consecutive number tokens are read as one run.
 */
export function hasPhoneNumber(text: string): boolean {
  let run: string[] = [];
  for (const token of text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
    if (/^\d+$/.test(token) || Object.hasOwn(NUMBER_WORDS, token)) {
      run.push(token);
      continue;
    }
    if (run.length > 0 && NUMBER_JOINERS.has(token)) continue;
    if (isPhoneRun(run)) return true;
    run = [];
  }
  return isPhoneRun(run);
}

function refuse(
  reason: string,
  severity: 'high' | 'medium',
  warning: string,
  suggestion: string,
): CommentModerationResult {
  return { approved: false, severity, reason, warnings: [warning], suggestions: [suggestion] };
}

/** The rule verdict of a question or an answer. */
export function moderateCommentByRules(input: CommentModerationInput): CommentModerationResult {
  const text = commentText(input.text);
  const padded = phraseText(text);

  const offensive = findPhrase(padded, OFFENSIVE);
  if (offensive)
    return refuse(COMMENT_REASONS.offensive, 'high', `Lenguaje ofensivo («${offensive}»)`, SUGGESTIONS.respectful);
  const harassment = findPhrase(padded, HARASSMENT);
  if (harassment)
    return refuse(
      COMMENT_REASONS.harassment,
      'high',
      `Comentario inapropiado («${harassment}»)`,
      SUGGESTIONS.respectful,
    );
  const prohibited = findPhrase(padded, PROHIBITED);
  if (prohibited)
    return refuse(
      COMMENT_REASONS.prohibited,
      'high',
      `Contenido prohibido («${prohibited}»)`,
      SUGGESTIONS.prohibited,
    );
  const contact = findPhrase(padded, CONTACT);
  if (contact || E_MAIL.test(text) || HANDLE.test(text) || hasPhoneNumber(text))
    return refuse(
      COMMENT_REASONS.contact,
      'medium',
      contact ? `Datos de contacto («${contact}»)` : 'Datos de contacto en el texto',
      SUGGESTIONS.contact,
    );
  const spam = findPhrase(padded, SPAM);
  if (spam || hasSpamPattern(input.text))
    return refuse(COMMENT_REASONS.spam, 'high', spam ? `Spam («${spam}»)` : 'Patrón de spam detectado', SUGGESTIONS.spam);
  return { approved: true, severity: 'low', warnings: [], suggestions: [], reason: COMMENT_REASONS.approved };
}
