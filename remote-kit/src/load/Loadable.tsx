// The view of a LoadState: before the data is there (the server render too) a skeleton card, announced as loading;
// when the load failed, a card that says so (announced) with a retry; once ready, its children. It takes the status
// as a value: the observer that renders it reads the store, and the children are elements that read their own.
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Skeleton } from '../ui/Skeleton';
import { VisuallyHidden } from '../ui/VisuallyHidden';
import type { LoadStatus } from './LoadState';
import styles from './Loadable.module.css';

export interface LoadableProps {
  status: LoadStatus;
  /** the cards' test ids: `{testId}-loading` and `{testId}-error` */
  testId: string;
  loadingLabel: string;
  errorMessage: string;
  retryLabel: string;
  onRetry(): void;
  /** false: the content waits for more than the load (it shows loading while ready) */
  ready?: boolean;
  children?: ReactNode;
}

export function Loadable({ status, testId, loadingLabel, errorMessage, retryLabel, onRetry, ready = true, children }: LoadableProps) {
  if (status === 'error') return <LoadErrorCard testId={`${testId}-error`} message={errorMessage} retry={retryLabel} onRetry={onRetry} />;
  if (status !== 'ready' || !ready) return <LoadingCard testId={`${testId}-loading`} label={loadingLabel} />;
  return <>{children}</>;
}

function LoadingCard({ label, testId }: { label: string; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <div role="status">
        <VisuallyHidden>{label}</VisuallyHidden>
      </div>
      <Skeleton lines={4} height="1.5rem" />
    </Card>
  );
}

function LoadErrorCard({ message, retry, onRetry, testId }: { message: string; retry: string; onRetry: () => void; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <p className={styles.message} role="alert">
        {message}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRetry}>
          {retry}
        </Button>
      </div>
    </Card>
  );
}
