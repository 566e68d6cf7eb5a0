import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface RedirectModalProps {
  /** shown while true (default: whenever rendered) */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** the accessible name of the × in the corner */
  closeLabel: string;
  /** the footer's secondary button, which closes the modal */
  dismissLabel: ReactNode;
  dismissTestId: string;
  /** beside the dismiss button in the footer (the order's payment link) */
  action?: ReactNode;
  /** the text and, when it is not the footer's action, the link to the provider's page */
  children: ReactNode;
  'data-testid': string;
}

/**
 * §2 redirect modal (type order: the card payment page; type kyc: the provider's verification page): a small dialog that
 * sends the visitor to a provider's page in a new tab, dismissed by its footer's secondary button, the × or Escape.
 */
export function RedirectModal({
  open = true,
  onClose,
  title,
  closeLabel,
  dismissLabel,
  dismissTestId,
  action,
  children,
  'data-testid': testId,
}: RedirectModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={closeLabel}
      size="sm"
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid={dismissTestId}>
            {dismissLabel}
          </Button>
          {action}
        </>
      }
    >
      {children}
    </Dialog>
  );
}
