import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useFieldIds } from './fieldIds';
import styles from './Field.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled checkbox; the whole label row is the 44px target. `className` goes to the wrapper. */
export function Checkbox({ label, hint, error, id, className, 'aria-describedby': ariaDescribedBy, ...rest }: CheckboxProps) {
  const f = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <div className={[styles.checkField, className].filter(Boolean).join(' ')}>
      <div className={styles.checkRow}>
        <input id={f.fieldId} type="checkbox" className={styles.checkbox} aria-describedby={f.describedBy} aria-invalid={f.invalid || undefined} {...rest} />
        <label className={styles.checkLabel} htmlFor={f.fieldId}>
          {label}
        </label>
      </div>
      {f.hintId ? (
        <p id={f.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {f.errorId ? (
        <p id={f.errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
