import { Navigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import type { Profile } from '#shared/account-schemas';
import { RequireSession } from '@/components/layout/require-session';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/api/get-profile';
import { useUniversity } from '@/lib/api/get-university';
import { useDocumentMeta } from '@/lib/document-meta';
import type { SessionUser } from '@/lib/session';
import { getSelectedUniversity } from '@/lib/storage';
import { InstitutionalEmailCard } from '../components/institutional-email-card';
import { OwnListings } from '../components/own-listings';
import '../profile.css';

type TabKey = 'publicaciones' | 'correo';
const TAB_KEYS: readonly TabKey[] = ['publicaciones', 'correo'];

/** /profile: signed in and with a chosen university (spec), else /login or /select-university. */
export function Component() {
  useDocumentMeta('Mi Perfil');
  return <RequireSession>{(user) => <ProfileWithUniversity user={user} />}</RequireSession>;
}

function ProfileWithUniversity({ user }: { user: SessionUser }) {
  const universityId = getSelectedUniversity();
  if (!universityId) return <Navigate to={paths.selectUniversity.getHref()} replace />;
  return <ProfilePage user={user} universityId={universityId} />;
}

function ProfilePage({ user, universityId }: { user: SessionUser; universityId: string }) {
  const university = useUniversity(universityId);
  const profile = useProfile();
  // The selected tab lives in the URL (?tab=correo), so a link or a reload opens the same tab.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = TAB_KEYS.includes(requested as TabKey) ? (requested as TabKey) : 'publicaciones';
  const initial = (user.email.trim()[0] ?? '?').toUpperCase();

  return (
    <div className="container page account-page">
      <header className="profile-header">
        <div className="disc profile-header__avatar" aria-hidden="true">
          {initial}
        </div>
        <div className="profile-header__text">
          <h1>{user.email}</h1>
          {university.data ? (
            <p className="muted">{university.data.full_name}</p>
          ) : (
            <Skeleton className="skeleton--text" />
          )}
        </div>
        <div className="profile-header__actions">
          <Link to={paths.favorites.getHref()} className={buttonClass('outline', 'sm')}>
            Favoritos
          </Link>
          <Link to={paths.selectUniversity.getHref()} className={buttonClass('outline', 'sm')}>
            Cambiar Universidad
          </Link>
        </div>
      </header>
      <Tabs<TabKey>
        label="Secciones del perfil"
        selected={tab}
        onSelect={(key) => setParams(key === 'publicaciones' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'publicaciones', label: 'Mis Publicaciones', content: <OwnListings /> },
          {
            key: 'correo',
            label: 'Correo Institucional',
            content: (
              <InstitutionalTab profile={profile.data} error={profile.isError} universityId={universityId} />
            ),
          },
        ]}
      />
    </div>
  );
}

function InstitutionalTab({
  profile,
  error,
  universityId,
}: {
  profile: Profile | undefined;
  error: boolean;
  universityId: string;
}) {
  if (error) return <p className="empty-text">No se pudo cargar tu perfil. Recarga la página.</p>;
  if (!profile) return <Skeleton className="profile-card__skeleton" />;
  return <InstitutionalEmailCard profile={profile} defaultUniversityId={universityId} />;
}
