import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The frame of every remote page: the `page-title` h1, then its content. Layouts belong to the shell. */
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

export { styles as pageStyles };
