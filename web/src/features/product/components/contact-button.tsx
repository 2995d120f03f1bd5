import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import type { ProductDetail } from '#shared/schemas';
import { isMobileDevice } from '@/components/product/share-menu';
import { buttonClass } from '@/components/ui/button';
import { NEEDS_APP_ATTRIBUTE } from '@/first-paint/app-scripts';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useFetchSellerContact } from '../api/get-seller-contact';
import { useViewerRole } from '../hooks/use-viewer-role';

/** The spec's prefilled message; a chosen meeting point adds one sentence (issue 14). */
export function contactMessage(title: string, price: number, meetingPoint?: string | null): string {
  const base = `Hola! Me interesa tu producto: ${title} por $${price}. ¿Está disponible?`;
  return meetingPoint ? `${base} Podríamos vernos en ${meetingPoint}.` : base;
}

// The tips and the meeting points are a chunk of their own, fetched when someone means to contact.
const loadDialog = () => import('./contact-dialog');
const ContactDialog = lazy(() => loadDialog().then((m) => ({ default: m.ContactDialog })));

/** The app link (tried first on phones) and the web link (desktop, and the phone's fallback). */
export function contactUrls(phone: string, text: string): { app: string; web: string } {
  const digits = phone.replace(/\D/g, '');
  const encoded = encodeURIComponent(text);
  return {
    app: `whatsapp://send?phone=${digits}&text=${encoded}`,
    web: `https://wa.me/${digits}?text=${encoded}`,
  };
}

/** Spec: the app scheme first on a phone, the web link after 2 s if the app did not open. */
export const APP_FALLBACK_MS = 2000;

/**
 * 'Contactar por WhatsApp': signed-in users only (the number comes from a signed-in route, never
 * from the public page); the seller sees a link to manage the listing instead.
 */
export function ContactButton({ product }: { product: ProductDetail }) {
  const session = useSession();
  const role = useViewerRole(product.id);
  const fetchSellerContact = useFetchSellerContact();
  const { toast } = useToast();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);

  if (role === 'seller')
    return (
      <p className="muted">
        Esta es tu publicación. <Link to={paths.myProducts.getHref()}>Administrar mis productos</Link>
      </p>
    );

  // A visitor signs in first and comes back here: a real link, which works before the app runs.
  // Marked as needing the app: the server draws every visitor signed out, so a tap made before the
  // app knows the session is kept for it (first-paint/early-taps.ts), and a signed-in buyer gets the
  // contact dialog rather than the sign-in page.
  if (session.status === 'signed-out')
    return (
      <Link
        className={buttonClass('primary')}
        to={paths.login.getHref(`${location.pathname}${location.search}`)}
        {...{ [NEEDS_APP_ATTRIBUTE]: '' }}
        onClick={() => toast({ title: 'Debes iniciar sesión para contactar al vendedor', variant: 'destructive' })}
      >
        Contactar por WhatsApp
      </Link>
    );

  // Signed in (the session is known before any kept tap is carried out: main.tsx).
  const start = () => setOpen(true);

  const contact = async (meetingPoint: string | null) => {
    const mobile = isMobileDevice();
    // Opened now, within the click, so pop-up blockers allow it; pointed at WhatsApp once known.
    const tab = mobile ? null : window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const { whatsapp_number } = await fetchSellerContact(product.id);
      if (!whatsapp_number) {
        tab?.close();
        toast({ title: 'El vendedor no ha proporcionado un número de WhatsApp', variant: 'destructive' });
        return;
      }
      const urls = contactUrls(whatsapp_number, contactMessage(product.title, product.price, meetingPoint));
      setOpen(false);
      if (tab) {
        tab.opener = null;
        tab.location.href = urls.web;
      } else if (mobile) {
        window.location.href = urls.app;
        setTimeout(() => {
          if (document.visibilityState === 'visible') window.location.href = urls.web;
        }, APP_FALLBACK_MS);
      } else {
        // The browser refused the tab: this one goes instead.
        window.location.href = urls.web;
      }
    } catch (err) {
      tab?.close();
      toast({
        title: 'Error al abrir WhatsApp',
        description: err instanceof ApiError ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={start}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-haspopup="dialog"
        disabled={busy}
      >
        {busy ? 'Abriendo WhatsApp...' : 'Contactar por WhatsApp'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ContactDialog
            universityId={product.university_id}
            busy={busy}
            onContact={(point) => void contact(point)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
