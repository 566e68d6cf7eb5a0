import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for screen readers only: out of sight, still read. */
export function VisuallyHidden({ children, as: Tag = 'span', id }: { children?: ReactNode; as?: 'span' | 'div'; id?: string }) {
  return (
    <Tag id={id} className={styles.hidden}>
      {children}
    </Tag>
  );
}
