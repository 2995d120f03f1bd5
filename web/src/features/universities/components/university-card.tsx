import { useState } from 'react';
import type { University } from '#shared/schemas';
import { Glyph } from '@/components/catalog-icons';
import { Badge } from '@/components/ui/badge';
import { useCardColors } from './university-colors';

/**
 * A university to choose: a link to the page it leads to with the university in its URL
 * (`href`: /marketplace?university=ucab), which chooses it there and works before the app runs. Once
 * the app runs, a plain tap chooses it here (stored, the spec's toast, then the page after 0.5 s); a
 * tap with a modifier (a new tab) is the browser's.
 */
export function UniversityCard({
  university,
  href,
  onChoose,
}: {
  university: University;
  href: string;
  onChoose: (u: University) => void;
}) {
  const [logoFailed, setLogoFailed] = useState(false);
  const colors = useCardColors(university.id, university.logo);
  return (
    <a
      href={href}
      className="university-card"
      style={{ background: `linear-gradient(135deg, ${colors.from}, ${colors.to})` }}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onChoose(university);
      }}
    >
      {/* The name is the card's own text (what a voice-control user reads aloud), after a verb. */}
      <span className="visually-hidden">Elegir </span>
      {university.logo && !logoFailed && (
        <img
          className="university-card__logo"
          src={university.logo}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          onError={() => setLogoFailed(true)}
        />
      )}
      <span className="university-card__name">{university.name}</span>
      <span className="university-card__full">{university.full_name}</span>
      {university.city && (
        <Badge className="university-card__city">
          <Glyph name="map" size={14} /> {university.city}
        </Badge>
      )}
    </a>
  );
}
