import type { ReactNode } from 'react';
import type { Tone } from './Badge';
import styles from './Toast.module.css';

export interface ToastProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** shows a × button */
  onClose?: () => void;
  /** the × button's accessible name */
  closeLabel?: string;
  className?: string;
  'data-testid'?: string;
}

/** One notification, presentational: the list that shows and removes them is the shell's. Danger is an alert. */
export function Toast({ tone = 'neutral', title, children, onClose, closeLabel, className, 'data-testid': testId }: ToastProps) {
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={[styles.toast, styles[tone], className].filter(Boolean).join(' ')} data-testid={testId}>
      <div className={styles.content}>
        {title != null ? <p className={styles.title}>{title}</p> : null}
        {children != null ? <div className={styles.message}>{children}</div> : null}
      </div>
      {onClose ? (
        <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
