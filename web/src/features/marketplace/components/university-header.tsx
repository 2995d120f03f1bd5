import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUniversity } from '@/lib/api/get-university';

/** 'Marketplace de {name}' with the logo; the generic 'Marketplace' when the university cannot be loaded. */
export function UniversityHeader({ universityId }: { universityId: string }) {
  const university = useUniversity(universityId);
  const [logoFailed, setLogoFailed] = useState(false);
  const data = university.data;
  return (
    <header className="university-header">
      {/* The logo's slot is kept while the university loads, so the title does not move when it comes. */}
      {!data && (
        <span className="university-header__logo university-header__logo--loading" aria-hidden="true" />
      )}
      {data?.logo && !logoFailed && (
        <img
          className="university-header__logo"
          src={data.logo}
          alt=""
          width={48}
          height={48}
          onError={() => setLogoFailed(true)}
        />
      )}
      <h1 className="university-header__title">{data ? `Marketplace de ${data.name}` : 'Marketplace'}</h1>
      <Link
        className={buttonClass('outline', 'sm', 'university-header__change')}
        to={paths.selectUniversity.getHref()}
      >
        Cambiar universidad
      </Link>
    </header>
  );
}
