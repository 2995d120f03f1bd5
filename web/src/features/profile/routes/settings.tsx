import { type FormEvent, useState } from 'react';
import { Link } from '@/components/ui/link';
import { ACCOUNT_MESSAGES, type Profile, updateProfileBodySchema } from '#shared/account-schemas';
import { Field } from '@/components/form/field';
import { RequireSession } from '@/components/layout/require-session';
import { buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/api/get-profile';
import { useDocumentMeta } from '@/lib/document-meta';
import type { SessionUser } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { useUpdateFullName } from '../api/update-profile';
import { NotificationSettings } from '../components/notification-settings';
import { PushSettings } from '../components/push-settings';
import { SellerPageSettings } from '../components/seller-page-settings';
import '../profile.css';

/** /settings: personal information (full name), notifications, security and sign-out. */
export function Component() {
  useDocumentMeta('Configuración');
  return <RequireSession>{(user) => <SettingsPage user={user} />}</RequireSession>;
}

function SettingsPage({ user }: { user: SessionUser }) {
  const profile = useProfile();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);

  const run = async (global: boolean) => {
    setBusy(true);
    try {
      await signOut({ global });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page account-page settings-page">
      <h1 className="page-title">Configuración</h1>
      <section className="profile-card" aria-labelledby="settings-personal">
        <h2 id="settings-personal">Información personal</h2>
        {profile.data ? (
          <PersonalInfoForm profile={profile.data} />
        ) : profile.isError ? (
          <p className="muted">No se pudo cargar tu perfil. Recarga la página.</p>
        ) : (
          <Skeleton className="profile-card__skeleton" />
        )}
        <dl>
          <dt>Correo electrónico</dt>
          <dd>{user.email}</dd>
        </dl>
      </section>

      <section className="profile-card" aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">Notificaciones</h2>
        <NotificationSettings />
        <PushSettings />
        <p className="muted">
          Los códigos de verificación y los enlaces para restablecer tu contraseña te llegan siempre. Las
          conversaciones con compradores y vendedores ocurren en WhatsApp, con sus propias notificaciones.
        </p>
      </section>

      <section className="profile-card" aria-labelledby="settings-seller-page">
        <h2 id="settings-seller-page">Mi página de vendedor</h2>
        <SellerPageSettings />
      </section>

      <section className="profile-card" aria-labelledby="settings-security">
        <h2 id="settings-security">Seguridad</h2>
        <p className="muted">
          Para cambiar tu contraseña te enviaremos un enlace a tu correo. Si usaste la app en un equipo ajeno,
          cierra la sesión en todos tus dispositivos.
        </p>
        <div className="profile-card__row">
          <Link to={paths.forgotPassword.getHref()} className={buttonClass('outline')}>
            Cambiar contraseña
          </Link>
          <button type="button" className={buttonClass('outline')} disabled={busy} onClick={() => run(true)}>
            Cerrar sesión en todos los dispositivos
          </button>
        </div>
      </section>

      <div>
        <button
          type="button"
          className={buttonClass('destructive')}
          disabled={busy}
          onClick={() => run(false)}
        >
          Cerrar Sesión
        </button>
      </div>
    </div>
  );
}

function PersonalInfoForm({ profile }: { profile: Profile }) {
  const { toast } = useToast();
  const update = useUpdateFullName();
  const [fullName, setFullName] = useState(profile.full_name ?? '');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ full_name: fullName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.nameRequired);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data.full_name, {
      onSuccess: (saved) => {
        setFullName(saved.full_name ?? '');
        toast({ title: ACCOUNT_MESSAGES.settingsSaved });
      },
      onError: (err) =>
        toast({
          title: ACCOUNT_MESSAGES.settingsSaveFailed,
          description: err instanceof ApiError ? err.message : undefined,
          variant: 'destructive',
        }),
    });
  };

  return (
    <form className="code-step" onSubmit={onSubmit} noValidate>
      <Field
        label="Nombre completo"
        autoComplete="name"
        maxLength={100}
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        error={error}
      />
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={update.isPending}>
          {update.isPending ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </div>
    </form>
  );
}
