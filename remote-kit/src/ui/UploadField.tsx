import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import buttonStyles from './Button.module.css';
import fieldStyles from './Field.module.css';
import styles from './UploadField.module.css';
import hiddenStyles from './VisuallyHidden.module.css';

export interface UploadFieldProps {
  label: ReactNode;
  /** the visible button's text, in the page's language ("Choose a photo"): the browser's own "Choose File" never shows */
  chooseLabel: string;
  /** beside the button while nothing is chosen ("or drop it here") */
  dropPrompt: ReactNode;
  /** the state while nothing is chosen ("No photo chosen"); once a file is chosen, its name */
  emptyLabel: string;
  /** the chosen file (the field is controlled: a refused file is simply not handed back) */
  file: File | null;
  /** a file was chosen or dropped; the owner checks it and decides whether it becomes `file` */
  onFile(file: File): void;
  /** the alt text of the chosen image's preview */
  previewAlt?: string;
  accept?: string;
  /** phones: open the camera directly ("user" for a selfie, "environment" for a document) */
  capture?: 'user' | 'environment';
  hint?: ReactNode;
  /** shown under the field; also sets aria-invalid */
  error?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** goes to the file input (tests set files on it); the preview gets `${testid}-preview` */
  'data-testid'?: string;
}

/**
 * A file field of the design system (issue 25): the label, a button and prompt in the page's language, drag and drop,
 * and a preview of the chosen image. The native input stays in the page, visually hidden: it takes the focus and opens
 * the picker from the keyboard, and it is named by the label and described by the chosen file, the hint and the error.
 */
export function UploadField({
  label,
  chooseLabel,
  dropPrompt,
  emptyLabel,
  file,
  onFile,
  previewAlt,
  accept,
  capture,
  hint,
  error,
  disabled = false,
  id,
  className,
  'data-testid': testId,
}: UploadFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const statusId = `${inputId}-status`;
  const hintId = hint != null && hint !== false ? `${inputId}-hint` : undefined;
  const errorId = error != null && error !== false ? `${inputId}-error` : undefined;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(file?.type.startsWith('image/') ? file : null);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files?.[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
      {/* a click anywhere in the zone opens the picker; the keyboard reaches the input itself */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the focusable control is the file input inside */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the file input inside takes Space and Enter */}
      <div
        className={[styles.zone, dragging ? styles.dragging : undefined, errorId ? styles.invalid : undefined, disabled ? styles.disabled : undefined]
          .filter(Boolean)
          .join(' ')}
        onClick={(e) => {
          if (e.target !== input.current && !disabled) input.current?.click();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={inputId}
          type="file"
          className={hiddenStyles.hidden}
          accept={accept}
          capture={capture}
          disabled={disabled}
          aria-describedby={[statusId, hintId, errorId].filter(Boolean).join(' ')}
          aria-invalid={errorId ? true : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            // emptied at once: choosing the same file again (after a refusal) is noticed
            e.target.value = '';
            if (chosen) onFile(chosen);
          }}
          data-testid={testId}
        />
        {preview ? (
          <img src={preview} alt={previewAlt ?? ''} width={64} height={64} className={styles.preview} data-testid={testId ? `${testId}-preview` : undefined} />
        ) : (
          <span className={styles.mark} aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              width="28"
              height="28"
              aria-hidden="true"
              focusable="false"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
              <path d="M12 4v11" />
              <path d="m7 9 5-5 5 5" />
            </svg>
          </span>
        )}
        <span className={styles.body}>
          <span id={statusId} className={file ? styles.fileName : styles.empty}>
            {file ? file.name : emptyLabel}
          </span>
          {file ? null : <span className={styles.prompt}>{dropPrompt}</span>}
        </span>
        <span className={[buttonStyles.button, buttonStyles.secondary, buttonStyles.sm, styles.choose].join(' ')} aria-hidden="true">
          {chooseLabel}
        </span>
      </div>
      {hintId ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An object URL for the file while it is the chosen one (created after render: nothing touches the browser on the server). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
