import { CATEGORY_PATHS, GLYPHS, pick } from './catalog-icon-data';

/**
 * Category and career icons as inline SVG (no icon library: it keeps the first route small); their
 * paths and colour themes are in catalog-icon-data.ts. Unknown ids fall back to 'otros'.
 */
export {
  BOX,
  CAREER_THEMES,
  CATEGORY_THEMES,
  careerTheme,
  categoryTheme,
  GLYPHS,
  pick,
  type Theme,
} from './catalog-icon-data';

export interface IconProps {
  id: string | null | undefined;
  size?: number;
  className?: string;
  /** Accessible name; icons are decorative when omitted. */
  title?: string;
}

/** An outline icon from one SVG path (24×24 view box), for icons used in one place only. */
export function PathIcon({
  d,
  size = 24,
  className,
  title,
}: {
  d: string;
  size?: number;
  className?: string;
  title?: string;
}) {
  return (
    <svg
      className={['icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
    >
      <path d={d} />
    </svg>
  );
}

export function CategoryIcon({ id, ...rest }: IconProps) {
  return <PathIcon d={pick(CATEGORY_PATHS, id)} {...rest} />;
}

export function Glyph({
  name,
  size = 20,
  className,
  title,
}: {
  name: keyof typeof GLYPHS;
  size?: number;
  className?: string;
  title?: string;
}) {
  return <PathIcon d={GLYPHS[name]} size={size} className={className} title={title} />;
}
