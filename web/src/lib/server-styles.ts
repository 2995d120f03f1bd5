import { SERVER_STYLE_ATTRIBUTE } from '#shared/pages';

/**
 * The server's `style` props (SERVER_STYLE_ATTRIBUTE) set through the CSSOM, as the client's render
 * sets them, before the app hydrates: the CSP (`style-src 'self'`) blocks them as HTML attributes,
 * not there (decision 006).
 */
export function applyServerStyles(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement | SVGElement>(`[${SERVER_STYLE_ATTRIBUTE}]`)) {
    el.style.cssText = el.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
    el.removeAttribute(SERVER_STYLE_ATTRIBUTE);
  }
}
