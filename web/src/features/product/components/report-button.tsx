import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { REPORT_MESSAGES } from '#shared/report-messages';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useReportState } from '../api/get-report-state';
import { useViewerRole } from '../hooks/use-viewer-role';

// The dialog (its form and the report call) is a chunk of its own, fetched when someone means to
// report: most visits of a product page never open it.
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

/**
 * 'Reportar' on someone else's product. Signed out, it leads to sign-in and back; the seller sees
 * none once their listings are known; a user who reported the product already is told so instead
 * of getting the form again.
 */
export function ReportButton({ productId, productTitle }: { productId: number; productTitle: string }) {
  const role = useViewerRole(productId);
  const state = useReportState(productId, role === 'buyer');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  // While a signed-in person's own listings load (unknown), the button keeps its place: the page
  // drew it for a visitor, and taking it away for a moment moved everything below it (the seller's
  // card, 'Consejos para una compra segura') under the person's finger. Pressed meanwhile, it opens
  // the form; the server refuses a seller's report of their own listing (403).
  if (role === 'seller') return null;

  if (role === 'buyer' && state.data?.reported)
    return (
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'report-button report-button--done')}
        aria-disabled="true"
        onClick={() => toast({ title: REPORT_MESSAGES.alreadyReported })}
      >
        Ya reportaste este producto
      </button>
    );

  const start = () => {
    if (role === 'visitor') {
      toast({ title: 'Debes iniciar sesión para reportar un producto', variant: 'destructive' });
      navigate(paths.login.getHref(`${location.pathname}${location.search}`));
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'report-button')}
        onClick={start}
        // Fetched as the pointer or the focus gets there, so the dialog opens at once.
        onPointerEnter={role === 'buyer' ? () => void loadDialog() : undefined}
        onFocus={role === 'buyer' ? () => void loadDialog() : undefined}
        aria-haspopup="dialog"
      >
        <span aria-hidden="true">⚑</span> Reportar
      </button>
      {open && (
        <Suspense
          fallback={
            <span className="visually-hidden" role="status">
              Cargando...
            </span>
          }
        >
          <ReportDialog productId={productId} productTitle={productTitle} open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
