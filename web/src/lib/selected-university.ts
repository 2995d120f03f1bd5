import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseUniversityId } from '#shared/ids';
import { UNIVERSITY_PARAM } from '#shared/pages';
import { useToast } from '../components/ui/toast';
import { useUniversity } from './api/get-university';
import { RenderContext } from './render-context';
import { getSelectedUniversity, setSelectedUniversity, subscribeSelectedUniversity } from './storage';

// A module of its own, imported by the screens only: the shell's entry (render-context.tsx) must not
// import storage.ts, which is in the listings' shared chunk (a cycle between the two chunks otherwise).
/**
 * The chosen university: the stored one in the browser (updated when it changes), the render's on
 * the server and while hydrating the server's HTML.
 */
export function useSelectedUniversity(): string | null {
  const render = useContext(RenderContext);
  return useSyncExternalStore(subscribeSelectedUniversity, getSelectedUniversity, () =>
    render ? render.university : null,
  );
}

/**
 * The university a page that shows the chosen one shows (marketplace, search, a career, a category):
 * a link's `?university=` chooses it (a shared link, or a university card tapped before the app ran:
 * a plain link), stored once mounted and taken out of the URL; otherwise the stored choice. The
 * server renders the same (web/src/server/document.ts reads the parameter before the cookie).
 */
export function useShownUniversity(): string | null {
  const [params, setParams] = useSearchParams();
  // The link's university, kept for this visit (the effect below takes it out of the URL).
  const [linked] = useState(() => parseUniversityId(params.get(UNIVERSITY_PARAM)));
  const chosen = useSelectedUniversity();
  const universityId = linked ?? chosen;
  // A link that changes the visitor's choice says so, as choosing on the chooser does (the spec's
  // 'Has seleccionado {full name}'), once the university's name is known.
  const [changed, setChanged] = useState(false);
  const named = useUniversity(changed ? linked : null);
  const { toast } = useToast();
  useEffect(() => {
    if (linked === null) return;
    if (getSelectedUniversity() !== linked) setChanged(true);
    setSelectedUniversity(linked);
  }, [linked]);
  const fullName = named.data?.full_name;
  useEffect(() => {
    if (fullName) toast({ title: `Has seleccionado ${fullName}` });
  }, [fullName, toast]);
  useEffect(() => {
    // Not while sending the visitor to the chooser: this replace would bring them back here.
    if (!params.has(UNIVERSITY_PARAM) || universityId === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(UNIVERSITY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, universityId]);
  return universityId;
}
