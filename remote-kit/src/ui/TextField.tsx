import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useFieldIds } from './fieldIds';
import styles from './Field.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** shown under the field; also sets aria-invalid */
  error?: ReactNode;
  /** inside the field's box, after the input: a unit, a scan or clear button */
  endAdornment?: ReactNode;
}

/** A labelled input; `className` goes to the wrapper (layout), the ref and every other prop to the input. */
export function TextField({ label, hint, error, endAdornment, id, className, 'aria-describedby': ariaDescribedBy, type = 'text', ...rest }: TextFieldProps) {
  const f = useFieldIds(id, hint, error, ariaDescribedBy);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={f.fieldId}>
        {label}
      </label>
      <div className={[styles.control, f.invalid ? styles.invalid : undefined].filter(Boolean).join(' ')}>
        <input id={f.fieldId} type={type} className={styles.input} aria-describedby={f.describedBy} aria-invalid={f.invalid || undefined} {...rest} />
        {endAdornment != null ? <div className={styles.adornment}>{endAdornment}</div> : null}
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
