import { useId } from 'react';

/** The ids that tie a field to its label, hint and error (aria-describedby lists hint then error). */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown, describedBy: string | undefined) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = hint != null && hint !== false ? `${fieldId}-hint` : undefined;
  const errorId = error != null && error !== false ? `${fieldId}-error` : undefined;
  const describedByAll = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { fieldId, hintId, errorId, describedBy: describedByAll, invalid: errorId !== undefined };
}
