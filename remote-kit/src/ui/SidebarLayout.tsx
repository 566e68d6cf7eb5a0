import type { ReactNode } from 'react';
import styles from './SidebarLayout.module.css';

export interface SidebarLayoutProps {
  /** The accessible name of the sidebar's landmark (e.g. "Blog categories"). */
  sidebarLabel: string;
  sidebar: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * The §2 blog-sidebar and docs-sidebar layouts' two columns: the page's own sidebar (categories and recent posts, the
 * docs sections) beside its content; stacked below 768 px with the content first. The shell's layout only names them.
 */
export function SidebarLayout({ sidebarLabel, sidebar, children, ...rest }: SidebarLayoutProps) {
  return (
    <div className={styles.layout} data-testid={rest['data-testid']}>
      <div className={styles.content}>{children}</div>
      <aside className={styles.sidebar} aria-label={sidebarLabel}>
        {sidebar}
      </aside>
    </div>
  );
}
