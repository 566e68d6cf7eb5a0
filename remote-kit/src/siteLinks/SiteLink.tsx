import type { MouseEvent, ReactNode } from 'react';
import type { HostServices } from 'shared-contracts';
import { isPlainClick } from './siteLinks';

/**
 * A link to a page of the site that can say it is the current one (`aria-current`, which host.Link does not pass) and
 * run something on click (an analytics event): a real href for JavaScript off and new tabs, host.navigate otherwise.
 */
export function SiteLink({
  host,
  to,
  current,
  className,
  onClick,
  children,
  'data-testid': testId,
}: {
  host: HostServices;
  /** a path without the locale prefix */
  to: string;
  current?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const href = `${host.locale.prefix}${to === '/' && host.locale.prefix ? '' : to}`;
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      data-testid={testId}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.();
        if (!isPlainClick(e)) return;
        e.preventDefault();
        host.navigate(to);
      }}
    >
      {children}
    </a>
  );
}
