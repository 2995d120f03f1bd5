/**
 * The open modal `<dialog>`s, innermost last. A modal dialog makes the rest of the page inert (not
 * focusable, hidden from screen readers) and sits in the top layer, so anything that must stay
 * usable while one is open (the toasts) renders inside the innermost one. Also holds the page's
 * scroll lock while any is open.
 */
const layers: HTMLElement[] = [];
const listeners = new Set<() => void>();

const changed = () => {
  document.body.classList.toggle('no-scroll', layers.length > 0);
  for (const listener of listeners) listener();
};

export function openModalLayer(element: HTMLElement): void {
  layers.push(element);
  changed();
}

export function closeModalLayer(element: HTMLElement): void {
  const at = layers.lastIndexOf(element);
  if (at === -1) return;
  layers.splice(at, 1);
  changed();
}

export const innermostModalLayer = (): HTMLElement | null => layers.at(-1) ?? null;

export function subscribeModalLayers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
