// A card that says there is nothing here (yet) in a friendly way: its title, a decorative mark beside the text, and
// what to do next. Built on the kit's Card; only the layout is this remote's.
import type { ReactNode } from 'react';
import { Card } from 'remote-kit/ui';
import styles from './profile.module.css';

export function EmptyCard({
  title,
  children,
  actions,
  'data-testid': testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Card data-testid={testId} title={title}>
      <div className={styles.emptyBody}>
        <svg className={styles.emptyMark} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <rect x="2" y="2" width="44" height="44" rx="12" fill="currentColor" opacity="0.14" />
          <path d="M14 27c3.3 2.7 6.7 2.7 10 0s6.7-2.7 10 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <path d="M24 13v8m-4-4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div className={styles.stack}>{children}</div>
      </div>
      {actions != null ? <div className={styles.actions}>{actions}</div> : null}
    </Card>
  );
}
