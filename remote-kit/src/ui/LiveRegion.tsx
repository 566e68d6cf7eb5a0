import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

export interface LiveRegionProps {
  /** the message; an empty region is rendered too, so that a later message is announced */
  children?: ReactNode;
  politeness?: 'polite' | 'assertive';
  /** shown on screen as well (by default only screen readers get it) */
  visible?: boolean;
  /** a span inside inline content (a div by default) */
  as?: 'div' | 'span';
  className?: string;
}

/** Announces its content to screen readers whenever it changes. Keep it mounted and change its children. */
export function LiveRegion({ children, politeness = 'polite', visible = false, as: Tag = 'div', className }: LiveRegionProps) {
  return (
    <Tag
      role={politeness === 'assertive' ? 'alert' : 'status'}
      aria-live={politeness}
      aria-atomic="true"
      className={[visible ? undefined : styles.hidden, className].filter(Boolean).join(' ') || undefined}
    >
      {children}
    </Tag>
  );
}
