import { type ReactNode, useId } from 'react';
import styles from './Card.module.css';

export interface CardProps {
  as?: 'section' | 'div' | 'article';
  title?: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3';
  /** beside the title: a link, a badge, a small button */
  actions?: ReactNode;
  padding?: 'md' | 'lg';
  children?: ReactNode;
  className?: string;
  id?: string;
  'data-testid'?: string;
}

/** A surface for a group of content; a titled section is labelled by its title. */
export function Card({
  as: Tag = 'section',
  title,
  titleAs: Title = 'h2',
  actions,
  padding = 'md',
  children,
  className,
  id,
  'data-testid': testId,
}: CardProps) {
  const titleId = useId();
  const hasTitle = title != null && title !== false;
  return (
    <Tag
      id={id}
      data-testid={testId}
      className={[styles.card, padding === 'lg' ? styles.lg : undefined, className].filter(Boolean).join(' ')}
      aria-labelledby={hasTitle && Tag !== 'div' ? titleId : undefined}
    >
      {hasTitle || actions != null ? (
        <header className={styles.header}>
          {hasTitle ? (
            <Title id={titleId} className={styles.title}>
              {title}
            </Title>
          ) : null}
          {actions != null ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </Tag>
  );
}
