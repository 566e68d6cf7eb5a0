import type { ReactNode } from 'react';
import { LineIcon, VisuallyHidden } from 'remote-kit/ui';
import { explorerHost } from './explorer';
import styles from './order.module.css';
import type { View } from './view';

/**
 * A link to the network's block explorer, in a new tab; its accessible name is the visible text plus "(opens
 * mempool.space in a new tab)". Without a link (no template in the catalogue) the text alone.
 */
export function ExplorerLink({ href, children, v }: { href: string | undefined; children: ReactNode; v: View }) {
  if (!href) return <>{children}</>;
  const host = explorerHost(href);
  return (
    <a className={styles.explorerLink} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> {v.t('explorer_new_tab', { host })}</VisuallyHidden>
      <LineIcon className={styles.externalIcon} d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" size={14} />
    </a>
  );
}
