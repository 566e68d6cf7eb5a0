import type { ReactNode } from 'react';
import styles from './Stepper.module.css';
import { VisuallyHidden } from './VisuallyHidden';

export interface StepperStep {
  id: string;
  label: ReactNode;
}

export interface StepperProps {
  steps: readonly StepperStep[];
  /** the current step's id; the steps before it are done */
  current: string;
  /** of the current step: 'done' when the last step is finished, 'error' when it failed */
  status?: 'active' | 'done' | 'error';
  /** the list's accessible name */
  ariaLabel?: string;
  /** screen-reader suffixes of a done step and of a failed one, e.g. "completed", "failed" */
  doneLabel?: string;
  errorLabel?: string;
  className?: string;
  'data-testid'?: string;
}

type StepState = 'done' | 'current' | 'error' | 'upcoming';

/** Progress through ordered steps: an `<ol>` with aria-current="step"; vertical on a phone, a row from 640px. */
export function Stepper({ steps, current, status = 'active', ariaLabel, doneLabel, errorLabel, className, 'data-testid': testId }: StepperProps) {
  const at = steps.findIndex((s) => s.id === current);
  return (
    <ol aria-label={ariaLabel} className={[styles.stepper, className].filter(Boolean).join(' ')} data-testid={testId}>
      {steps.map((step, i) => {
        const state: StepState =
          i < at ? 'done' : i > at ? 'upcoming' : status === 'done' ? 'done' : status === 'error' ? 'error' : at < 0 ? 'upcoming' : 'current';
        const suffix = state === 'done' ? doneLabel : state === 'error' ? errorLabel : undefined;
        return (
          <li key={step.id} className={[styles.step, styles[state]].join(' ')} aria-current={i === at ? 'step' : undefined} data-state={state}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? (
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : state === 'error' ? (
                '!'
              ) : (
                i + 1
              )}
            </span>
            <span className={styles.label}>
              {step.label}
              {suffix ? <VisuallyHidden> ({suffix})</VisuallyHidden> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
