import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateTo, prefetchApp } from '../lib/app-navigation';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/**
 * A real link (works with new-tab and without JS) that navigates in-app even before the router
 * has loaded. Only the landing page needs it; other screens use the router's <Link>.
 */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateTo(to);
  };
  return (
    <a
      href={to}
      onClick={handleClick}
      onPointerEnter={prefetchApp}
      onTouchStart={prefetchApp}
      onFocus={prefetchApp}
      {...rest}
    />
  );
}
