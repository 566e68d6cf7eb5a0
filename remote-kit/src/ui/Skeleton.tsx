import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** a CSS length (a number is px) */
  width?: string | number;
  height?: string | number;
  /** several text-like bars, the last one shorter */
  lines?: number;
  radius?: string | number;
  className?: string;
}

/** A placeholder where content is loading; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ width, height, lines = 1, radius, className }: SkeletonProps) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  if (lines <= 1) return <span aria-hidden="true" className={[styles.bar, className].filter(Boolean).join(' ')} style={style} />;
  return (
    <span aria-hidden="true" className={[styles.lines, className].filter(Boolean).join(' ')} style={{ width }}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={[styles.bar, i === lines - 1 ? styles.last : undefined].filter(Boolean).join(' ')} style={{ height, borderRadius: radius }} />
      ))}
    </span>
  );
}
