// What a data tab shows before its data is there (the server render too: a skeleton, announced as loading) and when
// it failed to load (announced, with a retry).
import { Button, Card, Skeleton, VisuallyHidden } from 'remote-kit/ui';
import styles from './profile.module.css';

export function LoadingCard({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) {
  return (
    <Card data-testid={testId}>
      <div role="status">
        <VisuallyHidden>{label}</VisuallyHidden>
      </div>
      <Skeleton lines={4} height="1.5rem" />
    </Card>
  );
}

export function ErrorCard({ message, retry, onRetry, 'data-testid': testId }: { message: string; retry: string; onRetry: () => void; 'data-testid'?: string }) {
  return (
    <Card data-testid={testId}>
      <p className={styles.text} role="alert">
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
