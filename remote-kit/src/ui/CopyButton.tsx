import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './Button';
import styles from './CopyButton.module.css';
import { LiveRegion } from './LiveRegion';

export interface CopyButtonProps {
  value: string;
  /** the accessible name, e.g. "Copy address" */
  label: string;
  /** shown and announced once copied, e.g. "Copied" */
  copiedLabel: string;
  /** the label as visible text beside the icon (by default the icon only) */
  showLabel?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  onCopied?: () => void;
  className?: string;
  'data-testid'?: string;
}

const COPIED_MS = 2000;

async function copyText(value: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // denied or insecure context: the fallback below
  }
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus();
  }
}

/** Copies `value`; for 2 s shows the copied state and announces `copiedLabel` politely. */
export function CopyButton({
  value,
  label,
  copiedLabel,
  showLabel = false,
  variant = 'secondary',
  size = 'sm',
  onCopied,
  className,
  'data-testid': testId,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(value);
    if (!ok) return;
    setCopied(true);
    onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <span className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <Button
        variant={variant}
        size={size}
        aria-label={label}
        title={showLabel ? undefined : label}
        onClick={onClick}
        data-testid={testId}
        data-copied={copied || undefined}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {copied ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
            </g>
          )}
        </svg>
        {showLabel ? <span>{copied ? copiedLabel : label}</span> : null}
      </Button>
      <LiveRegion as="span">{copied ? copiedLabel : ''}</LiveRegion>
    </span>
  );
}
