import { paths } from '@/config/paths';
import { pageHead } from './site';
import type { HeadContext, PageHead } from './types';

const NOT_FOUND_TITLES = {
  product: 'Producto no encontrado',
  seller: 'Vendedor no encontrado',
  career: 'Carrera no encontrada',
  category: 'Categoría no encontrada',
  page: 'Página no encontrada',
} as const;

export type MissingKind = keyof typeof NOT_FOUND_TITLES;

/** A 404: the title alone, noindex; no canonical, photo, price or data (site.ts enforces it). */
export function notFoundHead(kind: MissingKind, ctx: HeadContext): PageHead {
  const title = NOT_FOUND_TITLES[kind];
  return pageHead({ title, description: title, path: null, status: 404 }, ctx);
}

const LEGAL = {
  terms: {
    title: 'Términos y Condiciones',
    description:
      'Términos y condiciones de uso de Mercado Universitario: naturaleza del servicio, elegibilidad, contenido prohibido y moderación.',
    path: paths.terms.getHref(),
  },
  privacy: {
    title: 'Política de Privacidad',
    description:
      'Política de privacidad de Mercado Universitario: qué datos recopilamos, cómo los usamos y cuáles son sus derechos.',
    path: paths.privacy.getHref(),
  },
  safeBuying: {
    title: 'Compra segura',
    description:
      'Cómo comprar y vender seguro en Mercado Universitario: en el campus, de día, y verificando el pago en tu banco.',
    path: paths.safeBuying.getHref(),
  },
} as const;

export type LegalPage = keyof typeof LEGAL;

/** The terms, the privacy policy and /compra-segura: pages whose head does not depend on the request. */
export function legalHead(page: LegalPage, ctx: HeadContext): PageHead {
  return pageHead(LEGAL[page], ctx);
}

const ACCOUNT = {
  login: {
    title: 'Iniciar Sesión',
    description:
      'Inicia sesión en Mercado Universitario para publicar, guardar favoritos y contactar a vendedores de tu universidad.',
    path: paths.login.getHref(),
  },
  register: {
    title: 'Registrarse',
    description:
      'Crea tu cuenta de Mercado Universitario y compra y vende dentro de tu comunidad universitaria en Venezuela.',
    path: paths.register.getHref(),
  },
  emailVerification: {
    title: 'Verificación requerida',
    description: 'Confirma tu correo con el código de 6 dígitos que te enviamos.',
    path: paths.emailVerification.getHref(),
    noindex: true,
  },
  forgotPassword: {
    title: 'Recuperar contraseña',
    description: 'Te enviaremos un enlace para restablecer tu contraseña de Mercado Universitario.',
    path: paths.forgotPassword.getHref(),
  },
  resetPassword: {
    title: 'Restablecer contraseña',
    description: 'Elige una nueva contraseña para tu cuenta de Mercado Universitario.',
    path: paths.resetPassword.getHref(),
    noindex: true,
  },
} as const;

export type AccountPage = keyof typeof ACCOUNT;

/**
 * The accounts' public screens (issue 38): the same head for everyone. The code screen and the
 * reset form are a person's step, not a page to find: not indexed.
 */
export function accountHead(page: AccountPage, ctx: HeadContext): PageHead {
  return pageHead(ACCOUNT[page], ctx);
}
