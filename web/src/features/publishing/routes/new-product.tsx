import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import type { Profile } from '#shared/account-schemas';
import { CAREER_LABELS, CATEGORY_LABELS, CONDITION_LABELS } from '#shared/enums';
import type { ModerationResult } from '#shared/moderation';
import { PUBLISH_MESSAGES } from '#shared/product-form';
import { PUBLISH_CATEGORIES, TAG_SUGGESTIONS } from '#shared/tag-suggestions';
import { Field } from '@/components/form/field';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/api/get-profile';
import { useUniversity } from '@/lib/api/get-university';
import { useDocumentMeta } from '@/lib/document-meta';
import { usePushOffer } from '@/lib/push/use-push';
import { useSession } from '@/lib/session';
import { getSelectedUniversity } from '@/lib/storage';
import { useCheckListing } from '../api/check-listing';
import { useCreateProduct } from '../api/create-product';
import { ImagePicker, type PhotoItem, photoKeys, photosInFlight } from '../components/image-picker';
import { ModerationAlert } from '../components/moderation-alert';
import { TagInput } from '../components/tag-input';
import type { FieldErrors } from '../field-errors';
import {
  EMPTY_FORM,
  isApproved,
  MODERATED_FIELDS,
  type Moderation,
  moderationBody,
  moderationPrecondition,
  type ProductFormValues,
  validateProduct,
} from '../form-state';
import '../publishing.css';

/** A redirect with the spec's toast, said once. */
function RedirectWithToast({ to, title }: { to: string; title: string }) {
  const { toast } = useToast();
  const said = useRef(false);
  useEffect(() => {
    if (said.current) return;
    said.current = true;
    toast({ title, variant: 'destructive' });
  }, [toast, title]);
  return <Navigate to={to} replace />;
}

/**
 * /new-product: signed in, with a chosen university, with a verified institutional e-mail of
 * that same university (the server enforces all three; these redirects only explain them).
 */
export function Component() {
  useDocumentMeta('Publicar Producto');
  const session = useSession();
  const location = useLocation();
  const [universityId] = useState(getSelectedUniversity);
  const profile = useProfile();

  if (session.status === 'signed-out')
    return (
      <RedirectWithToast to={paths.login.getHref(location.pathname)} title={PUBLISH_MESSAGES.mustSignIn} />
    );
  // While the session is read, the spinner (the page's static shell too: no stored university on a
  // server, which would otherwise draw the redirect, i.e. nothing).
  if (session.status === 'loading')
    return (
      <div className="loading-block">
        <Spinner size="lg" />
      </div>
    );
  if (!universityId)
    return (
      <RedirectWithToast to={paths.selectUniversity.getHref()} title="Debes seleccionar una universidad" />
    );
  if (profile.isLoading)
    return (
      <div className="loading-block">
        <Spinner size="lg" />
      </div>
    );
  if (profile.isError || !profile.data)
    return <RedirectWithToast to={paths.home.getHref()} title="Error al inicializar el formulario" />;
  return <Gate profile={profile.data} universityId={universityId} />;
}

function Gate({ profile, universityId }: { profile: Profile; universityId: string }) {
  const own = useUniversity(profile.university_id);
  if (!profile.university_email_verified || !profile.university_id) return <VerifyFirst />;
  if (profile.university_id !== universityId) {
    if (!own.data) return null;
    return (
      <RedirectWithToast
        to={paths.marketplace.getHref()}
        title={PUBLISH_MESSAGES.onlyOwnUniversity.replace('{university}', own.data.name)}
      />
    );
  }
  return <ProductForm universityId={universityId} />;
}

function VerifyFirst() {
  return (
    <div className="container page">
      <section className="empty-state">
        <h1 className="page-title">Verifica tu correo institucional</h1>
        <p className="muted">
          Para publicar, confirma un correo de tu universidad. Así los compradores saben que eres parte de tu
          comunidad.
        </p>
        <Link to={`${paths.profile.getHref()}?tab=correo`} className={buttonClass('primary')}>
          Verificar mi correo institucional
        </Link>
      </section>
    </div>
  );
}

function SelectField({
  label,
  value,
  onChange,
  error,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function ProductForm({ universityId }: { universityId: string }) {
  const { toast } = useToast();
  const offerPush = usePushOffer();
  const navigate = useNavigate();
  const publish = useCreateProduct();
  const checkListing = useCheckListing();
  const descriptionId = useId();
  const [values, setValues] = useState<ProductFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [moderation, setModeration] = useState<Moderation>({ status: 'none' });
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const images = photoKeys(photos);
  const uploading = photosInFlight(photos);
  // Spec: changing the images clears an earlier moderation result, like the text fields.
  const onPhotosChanged = useCallback(() => setModeration({ status: 'none' }), []);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A verdict is about the text it judged: editing that text asks for a new one.
    if (MODERATED_FIELDS.includes(key)) setModeration({ status: 'none' });
  };

  const runModeration = async (): Promise<ModerationResult | null> => {
    const missing = moderationPrecondition(values);
    const body = moderationBody(values, images[0] ?? null);
    if (missing || !body) {
      toast({ title: missing ?? PUBLISH_MESSAGES.moderationNeedsFields, variant: 'destructive' });
      // The toast says what is missing in general; each field says what it lacks under it.
      const checked = validateProduct(values, universityId);
      if (!checked.ok) setErrors(checked.errors);
      return null;
    }
    setModeration({ status: 'checking' });
    try {
      const result = await checkListing.mutateAsync(body);
      setModeration({ status: 'done', result });
      if (!result.approved) toast({ title: PUBLISH_MESSAGES.rejected, variant: 'destructive' });
      else if (result.warnings.length > 0) toast({ title: 'Producto aprobado con advertencias' });
      else toast({ title: 'Contenido verificado correctamente' });
      return result;
    } catch (err) {
      setModeration({ status: 'error' });
      toast({
        title: 'Error en la verificación de contenido',
        description: err instanceof ApiError ? err.message : undefined,
        variant: 'destructive',
      });
      return null;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateProduct(values, universityId);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    // Spec: submitting without an approved result runs the moderation first.
    if (!isApproved(moderation)) {
      const result = await runModeration();
      if (!result?.approved) return;
    }
    try {
      await publish.mutateAsync({ ...checked.body, images });
      // A seller waits for questions and buyers: push tells them at once (issue 41).
      offerPush(
        { title: '¡Producto publicado con éxito!' },
        'Activa las notificaciones para saber cuándo te pregunten por él.',
      );
      setValues(EMPTY_FORM);
      setModeration({ status: 'none' });
      setPhotos([]);
      navigate(paths.home.getHref());
    } catch (err) {
      if (err instanceof ApiError && err.details.some((d) => d.path === 'moderation'))
        setModeration({
          status: 'done',
          result: {
            approved: false,
            severity: 'high',
            warnings: err.details.map((d) => d.message),
            suggestions: [],
          },
        });
      toast({
        title:
          err instanceof ApiError ? `Error al publicar: ${err.message}` : 'Error al publicar el producto',
        variant: 'destructive',
      });
    }
  };

  const checking = moderation.status === 'checking';
  const busy = checking || publish.isPending;
  const suggestions = values.category
    ? (TAG_SUGGESTIONS[values.category as keyof typeof TAG_SUGGESTIONS] ?? [])
    : [];

  return (
    <div className="container page">
      <h1 className="page-title">Publicar Producto</h1>
      <p className="muted">
        Vende dentro de tu comunidad universitaria. Los compradores te escribirán por WhatsApp.
      </p>
      <form className="publish-form" onSubmit={submit} noValidate>
        <fieldset disabled={busy}>
          <Field
            label="Título"
            value={values.title}
            maxLength={120}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
            placeholder="Ej: Libro de Cálculo Stewart 7ma edición"
          />
          <div className="field">
            <label htmlFor={descriptionId}>Descripción (opcional)</label>
            <textarea
              id={descriptionId}
              className="textarea"
              rows={4}
              maxLength={5000}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              placeholder="Estado, detalles, dónde entregas dentro del campus…"
            />
            {errors.description && <p className="field__error">{errors.description}</p>}
          </div>
          <div className="publish-form__row">
            <Field
              label="Precio (USD)"
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              value={values.price}
              onChange={(e) => set('price', e.target.value)}
              error={errors.price}
            />
            <PhoneField
              value={values.whatsapp}
              onChange={(v) => set('whatsapp', v)}
              error={errors.whatsapp}
            />
          </div>
          <div className="publish-form__row">
            <SelectField
              label="Categoría"
              value={values.category}
              onChange={(v) => set('category', v)}
              error={errors.category}
            >
              <option value="">Selecciona una categoría</option>
              {PUBLISH_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Condición"
              value={values.condition}
              onChange={(v) => set('condition', v === 'nuevo' ? 'nuevo' : 'usado')}
              error={errors.condition}
            >
              {Object.entries(CONDITION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          <SelectField label="Carrera (opcional)" value={values.career} onChange={(v) => set('career', v)}>
            <option value="">Ninguna en particular</option>
            {Object.entries(CAREER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TagInput
            tags={values.tags}
            onChange={(tags) => set('tags', tags)}
            suggestions={suggestions}
            error={errors.tags}
          />
          <ImagePicker items={photos} setItems={setPhotos} onPhotosChanged={onPhotosChanged} />
        </fieldset>

        {moderation.status === 'done' && <ModerationAlert result={moderation.result} />}
        {!isApproved(moderation) && (
          <p className="muted">
            Verifica el contenido con IA antes de publicar: revisa que cumpla las normas de la comunidad.
          </p>
        )}

        <div className="publish-actions">
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={busy}
            onClick={() => void runModeration()}
          >
            {checking ? 'Verificando contenido con IA...' : 'Verificar contenido con IA'}
          </button>
          <Link to={paths.home.getHref()} className={buttonClass('ghost')}>
            Cancelar
          </Link>
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={busy || uploading || !isApproved(moderation)}
          >
            {publish.isPending ? 'Publicando...' : 'Publicar Producto'}
          </button>
        </div>
      </form>
    </div>
  );
}

function PhoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Número de WhatsApp</label>
      <div className="phone-input">
        <span className="phone-input__prefix" aria-hidden="true">
          +58
        </span>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="4141234567"
          maxLength={18}
          value={value}
          // Digits only as the person types (spec); separators never reach the number.
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
