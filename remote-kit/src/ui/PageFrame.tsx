import type { ReactNode } from 'react';
import styles from './pages.module.css';

/** A page frame: the page-title h1 every page has, then its content. Layouts belong to the shell. */
export function StaticPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={styles.page}>
      <h1 data-testid="page-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}
