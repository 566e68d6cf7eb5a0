import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useFieldIds } from './fieldIds';
import styles from './Field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
}

/** A native select, labelled; `className` goes to the wrapper, the ref and every other prop to the select. */
export function Select({ label, options, hint, error, id, className, 'aria-describedby': ariaDescribedBy, ...rest }: SelectProps) {
  const f = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={f.fieldId}>
        {label}
      </label>
      <div className={[styles.control, styles.selectControl, f.invalid ? styles.invalid : undefined].filter(Boolean).join(' ')}>
        <select
          id={f.fieldId}
          className={[styles.input, styles.select].join(' ')}
          aria-describedby={f.describedBy}
          aria-invalid={f.invalid || undefined}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
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
