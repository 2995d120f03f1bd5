/**
 * Which e-mail domains a university may have (issue 25, docs/decisions/042). Anyone can get an
 * address at a public mail provider, and a shared suffix (edu.ve, com.ve, a bare TLD) covers many
 * organisations: a university with such a domain would let anybody verify as its student. Zod-free,
 * so the admin form checks early with the same rule the server applies.
 */

/** Public mail providers: anybody can open an address there (and at any subdomain of them). */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'msn.com',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'mail.com',
  'email.com',
  'zoho.com',
  'zohomail.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hushmail.com',
  'hey.com',
  'inbox.com',
  'mail.ru',
  'qq.com',
  '163.com',
  'yopmail.com',
  'mailinator.com',
  'guerrillamail.com',
  // Venezuelan providers' and ISPs' mail.
  'cantv.net',
  'cantv.com.ve',
  'movistar.com.ve',
  'movistar.net.ve',
  'digitel.com.ve',
  'movilnet.com.ve',
  'inter.net.ve',
  'supercable.net.ve',
  'telcel.net.ve',
  'netuno.net',
  'cantv.net.ve',
];

/**
 * Providers present under many country endings ('hotmail.*': hotmail.com, hotmail.es,
 * hotmail.co.uk, yahoo.com.ve…): the brand followed by a TLD or a generic second level and a TLD.
 */
export const PUBLIC_MAIL_BRANDS: readonly string[] = [
  'hotmail',
  'outlook',
  'live',
  'yahoo',
  'gmx',
  'yandex',
  'windowslive',
];

/**
 * Second levels that registries share out to many organisations (com.ve, edu.ve, gob.ve, co.uk,
 * ac.uk, edu.ar…): `<one of these>.<a TLD>` is a suffix, never one university's domain.
 */
export const SHARED_SECOND_LEVELS: readonly string[] = [
  'com',
  'net',
  'org',
  'edu',
  'gob',
  'gov',
  'co',
  'ac',
  'mil',
  'int',
  'web',
  'info',
  'nom',
  'tec',
  'arts',
  'rec',
  'firm',
  'store',
  'bib',
];

export const DOMAIN_MESSAGES = {
  /** '{domain}' is replaced by the domain. */
  publicMail:
    '{domain} es un proveedor de correo público: cualquiera puede tener una dirección ahí. Usa el dominio propio de la universidad.',
  sharedSuffix:
    '{domain} es un sufijo compartido por muchas organizaciones. Usa el dominio propio de la universidad (por ejemplo, ucab.edu.ve).',
} as const;

const labelsOf = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '').split('.');

/** The domain and each of its parents, nearest first: 'a.b.ve' → ['a.b.ve', 'b.ve', 've']. */
export function selfAndParents(domain: string): string[] {
  const labels = labelsOf(domain);
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** A TLD, or a generic second level under a TLD ('ve', 'com', 'edu.ve', 'co.uk'). */
export function isSharedSuffix(domain: string): boolean {
  const labels = labelsOf(domain);
  if (labels.length === 1) return true;
  return labels.length === 2 && SHARED_SECOND_LEVELS.includes(labels[0]) && /^[a-z]{2}$/.test(labels[1]);
}

/** A public provider's domain or a subdomain of one. */
export function isPublicMailDomain(domain: string): boolean {
  return selfAndParents(domain).some((d) => {
    if (PUBLIC_MAIL_DOMAINS.includes(d)) return true;
    const [brand, ...rest] = d.split('.');
    // 'hotmail.es' or 'yahoo.com.ve': the brand, then a TLD or a shared second level.
    return PUBLIC_MAIL_BRANDS.includes(brand) && rest.length > 0 && isSharedSuffix(rest.join('.'));
  });
}

/** Why a university may not have this e-mail domain (a Spanish message), or null when it may. */
export function universityDomainRefusal(domain: string): string | null {
  const d = labelsOf(domain).join('.');
  if (isPublicMailDomain(d)) return DOMAIN_MESSAGES.publicMail.replace('{domain}', d);
  if (isSharedSuffix(d)) return DOMAIN_MESSAGES.sharedSuffix.replace('{domain}', d);
  return null;
}

/**
 * The parents of a domain that a university could hold ('ciens.ucv.edu.ve' → ['ucv.edu.ve']): the
 * claims a new domain must not fall under, and the ones that record it as below them. Refused
 * domains can never be held, so they need no record (docs/decisions/042).
 */
export function claimableParents(domain: string): string[] {
  return selfAndParents(domain)
    .slice(1)
    .filter((d) => universityDomainRefusal(d) === null);
}
