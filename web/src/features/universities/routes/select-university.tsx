import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';
import { StepList } from '../components/step-list';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { LIMITS } from '#shared/limits';
import { chooserNext, NEXT_PARAM, UNIVERSITY_PARAM } from '#shared/pages';
import type { University } from '#shared/schemas';
import { compareSpanish, fold } from '#shared/text';
import { Glyph } from '@/components/catalog-icons';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { chooserHead } from '@/lib/page-head/listings';
import { setSelectedUniversity } from '@/lib/storage';
import { useSelectedUniversity } from '@/lib/selected-university';
import { getUniversitiesQueryOptions, useUniversities } from '@/lib/api/get-universities';
import type { Prefetch } from '@/lib/render-context';
import { OptionalPart } from '@/components/ui/optional-part';
import { HomeHero } from '../components/home-hero';
import { UniversityCard } from '../components/university-card';

const ALL_CITIES = 'all';

// The request form (its validation, zod with it, and the dialog) is a chunk of its own: the home and
// the chooser are landing pages, and most visitors find their university (decision 038). Loaded
// when a pointer or the focus nears its button, mounted on the first opening and kept (its fields
// survive closing it).
const loadDialog = () => import('../components/request-university-dialog');
const RequestDialog = lazy(() => loadDialog().then((m) => ({ default: m.RequestUniversityDialog })));
const preloadDialog = () => void loadDialog().catch(() => {});

const HOW_IT_WORKS = [
  {
    title: 'Elige tu universidad',
    text: 'Verás solo los productos publicados por tu comunidad universitaria.',
  },
  { title: 'Explora o publica', text: 'Busca por nombre, categoría o carrera, o publica lo que ya no usas.' },
  {
    title: 'Contacta por WhatsApp',
    text: 'Habla directo con el vendedor y acuerden la entrega en el campus.',
  },
];

/** The server's render: the universities' list. */
export const prefetch: Prefetch = async ({ queryClient }) => {
  await queryClient.prefetchQuery(getUniversitiesQueryOptions());
  return undefined;
};

export function Component() {
  useDocumentHead((ctx) => chooserHead(ctx));
  const universities = useUniversities();
  const [query, setQuery] = useState('');
  const queryInput = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(queryInput, query, setQuery);
  const [city, setCity] = useState(ALL_CITIES);
  const [requestOpen, setRequestOpen] = useState(false);
  const [requestUsed, setRequestUsed] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const navigate = useNavigate();
  const { toast } = useToast();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Sent here on the way to a page that shows the chosen university: back there once chosen, or at
  // once when a choice is already stored (the server, which reads only the cookie, did not see it).
  const [params] = useSearchParams();
  const next = chooserNext(params.get(NEXT_PARAM));
  const stored = useSelectedUniversity();
  useEffect(() => {
    if (next && stored && !choosing) navigate(next, { replace: true });
  }, [next, stored, choosing, navigate]);

  const cities = useMemo(
    () =>
      [...new Set((universities.data ?? []).map((u) => u.city).filter((c): c is string => Boolean(c)))].sort(
        compareSpanish,
      ),
    [universities.data],
  );

  const visible = useMemo(() => {
    const needle = fold(query.trim());
    return (universities.data ?? [])
      .filter((u) => city === ALL_CITIES || u.city === city)
      .filter((u) => !needle || fold(`${u.name} ${u.full_name} ${u.id}`).includes(needle))
      .sort((a, b) => compareSpanish(a.name, b.name));
  }, [universities.data, query, city]);

  // The card's link: the page to go to, with the university in its URL (it chooses it there).
  const hrefOf = (university: University) => {
    const url = new URL(next ?? paths.marketplace.getHref(), 'http://origin');
    url.searchParams.set(UNIVERSITY_PARAM, university.id);
    return `${url.pathname}${url.search}`;
  };

  const choose = (university: University) => {
    if (choosing) return;
    setChoosing(true);
    setSelectedUniversity(university.id);
    toast({ title: `Has seleccionado ${university.full_name}` });
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => navigate(next ?? paths.marketplace.getHref()),
      LIMITS.universityRedirectMs,
    );
  };

  return (
    <div className="container page">
      <HomeHero />

      <section aria-labelledby="universities-title">
        <h2 id="universities-title" className="section__title">
          Elige tu universidad
        </h2>
        <div className="toolbar">
          <div className="search-bar__field">
            <span className="search-bar__icon">
              <Glyph name="search" size={18} />
            </span>
            <label className="visually-hidden" htmlFor="university-search">
              Buscar universidad
            </label>
            <input
              id="university-search"
              className="input"
              type="search"
              placeholder="Buscar universidad..."
              ref={queryInput}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <label className="visually-hidden" htmlFor="university-city">
            Ciudad
          </label>
          <select
            id="university-city"
            className="select"
            value={city}
            onChange={(e) => setCity(e.target.value)}
          >
            <option value={ALL_CITIES}>Todas las ciudades</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>

        {universities.isError ? (
          <div className="empty-state" role="alert">
            <p>Error al cargar las universidades</p>
            <Button variant="outline" onClick={() => universities.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : (
          <ul className="university-grid">
            {universities.isPending
              ? [0, 1, 2].map((i) => (
                  <li key={i}>
                    <Skeleton className="university-card" />
                  </li>
                ))
              : visible.map((u) => (
                  <li key={u.id}>
                    <UniversityCard university={u} href={hrefOf(u)} onChoose={choose} />
                  </li>
                ))}
            <li>
              <Link
                className="university-card university-card--global"
                to={paths.globalMarketplace.getHref()}
              >
                <Glyph name="globe" size={40} />
                <span className="university-card__name">Marketplace Global</span>
                <span className="university-card__full">Explora productos de todas las universidades</span>
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="university-card university-card--request"
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
                onClick={() => {
                  setRequestUsed(true);
                  setRequestOpen(true);
                }}
              >
                <Glyph name="plus" size={32} />
                <span className="university-card__name">¿No encuentras tu universidad?</span>
                <span className="university-card__full">Solicita que la agreguemos</span>
              </button>
            </li>
          </ul>
        )}
        {!universities.isPending && !universities.isError && visible.length === 0 && (
          <p className="empty-text">No se encontraron universidades</p>
        )}
      </section>

      <section className="how-it-works" aria-labelledby="how-title">
        <h2 id="how-title" className="section__title">
          ¿Cómo funciona?
        </h2>
        <StepList steps={HOW_IT_WORKS} />
      </section>

      {requestUsed && (
        <OptionalPart>
          <RequestDialog open={requestOpen} onClose={() => setRequestOpen(false)} />
        </OptionalPart>
      )}
    </div>
  );
}
