import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

/** `dangerOutline`: a destructive action beside others (a row's "Delete"); `danger` is the confirming one. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dangerOutline';
export type ButtonSize = 'md' | 'sm';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** full width of its container */
  block?: boolean;
}

function buttonClassName({ variant = 'primary', size = 'md', block = false }: ButtonLook, className?: string): string {
  return [styles.button, styles[variant], size === 'sm' ? styles.sm : undefined, block ? styles.block : undefined, className].filter(Boolean).join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLook {
  /** work in progress: disabled, aria-busy, a spinner before the text */
  loading?: boolean;
}

export function Button({ variant, size, block, loading = false, type = 'button', className, disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends ComponentPropsWithRef<'a'>, ButtonLook {
  /** renders the element instead of `<a>`, e.g. the host's router Link: `render={(p) => <Link to="/x" {...p} />}` */
  render?: (props: { className: string; children: ReactNode }) => ReactNode;
}

/** A link that looks like a button: navigation, not an action. */
export function ButtonLink({ variant, size, block, className, render, children, ...rest }: ButtonLinkProps) {
  const cls = buttonClassName({ variant, size, block }, className);
  if (render) return render({ className: cls, children });
  return (
    <a className={cls} {...rest}>
      {children}
    </a>
  );
}
