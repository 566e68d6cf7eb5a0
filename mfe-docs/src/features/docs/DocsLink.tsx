import type { MouseEvent, ReactNode } from 'react';
import type { HostServices } from 'shared-contracts';
import { isPlainClick } from './internalLink';

/**
 * A site link that navigates client-side through `host.navigate` and can mark the current page (`aria-current`),
 * which `host.Link` does not carry.
 */
export function DocsLink({
  host,
  to,
  current,
  className,
  children,
  'data-testid': testId,
}: {
  host: HostServices;
  /** Path without the locale prefix, may end with a `#hash`. */
  to: string;
  current?: boolean;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    host.navigate(to);
  };
  return (
    <a href={`${host.locale.prefix}${to}`} aria-current={current ? 'page' : undefined} className={className} onClick={onClick} data-testid={testId}>
      {children}
    </a>
  );
}
