import type { ComponentProps } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router-dom';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: To;
  /** Replace the current history entry (by default, as react-router: only when `to` is where we are). */
  replace?: boolean;
  state?: unknown;
}

/**
 * A link inside the app, built on react-router's own hooks for custom links: the same `href` and
 * click handling as its `<Link>` (plain left click navigates in the app; a modified click, another
 * target or `onClick` calling `preventDefault()` leaves it to the browser). Its `<Link>` also brings
 * framework-mode prefetching and route discovery, which this app does not use and which cost every
 * first load several KB (decision 037).
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
