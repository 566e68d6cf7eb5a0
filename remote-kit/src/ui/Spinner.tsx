import styles from './Spinner.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface SpinnerProps {
  /** what is loading, for screen readers; without it the spinner is decoration (aria-hidden) */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const circle = <span className={[styles.spinner, styles[size], label ? undefined : className].filter(Boolean).join(' ')} aria-hidden="true" />;
  if (!label) return circle;
  return (
    <span role="status" className={[styles.wrap, className].filter(Boolean).join(' ')}>
      {circle}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
