import { useState } from 'react';
import type { University } from '#shared/schemas';
import { Glyph } from '@/components/catalog-icons';
import { Badge } from '@/components/ui/badge';
import { useCardColors } from './university-colors';

export function UniversityCard({
  university,
  onChoose,
}: {
  university: University;
  onChoose: (u: University) => void;
}) {
  const [logoFailed, setLogoFailed] = useState(false);
  const colors = useCardColors(university.id, university.logo);
  return (
    <button
      type="button"
      className="university-card"
      style={{ background: `linear-gradient(135deg, ${colors.from}, ${colors.to})` }}
      onClick={() => onChoose(university)}
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
    </button>
  );
}
