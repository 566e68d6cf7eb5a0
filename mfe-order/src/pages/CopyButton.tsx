import { useState } from 'react';
import styles from './order.module.css';

export function CopyButton({ text, label, copiedLabel, testId }: { text: string; label: string; copiedLabel: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={styles.copy}
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          })
          .catch(() => undefined);
      }}
    >
      {copied ? copiedLabel : label}
    </button>
  );
}
