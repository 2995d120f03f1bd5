import { CAREER_LABELS, CAREERS, type Career } from '#shared/enums';
import { slugify } from '#shared/text';

/** /carrera/{slug}: the lowercase label, spaces to hyphens, accents stripped ('Economía' → 'economia'). */
export const careerSlug = (career: Career): string => slugify(CAREER_LABELS[career]);

/**
 * A route parameter → a career, by value ('comunicacion') or by accent-stripped hyphenated label
 * ('Comunicación', 'comunicación'). Every career of the enumeration is accepted, not only the six of
 * /carreras: the API filters by all of them and links from elsewhere may use any.
 */
export function matchCareer(param: string | undefined): Career | null {
  if (!param) return null;
  if ((CAREERS as readonly string[]).includes(param)) return param as Career;
  const slug = slugify(param);
  return CAREERS.find((c) => c === slug || careerSlug(c) === slug) ?? null;
}
