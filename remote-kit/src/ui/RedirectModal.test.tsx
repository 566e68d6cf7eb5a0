import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ButtonLink } from './Button';
import { RedirectModal } from './RedirectModal';

afterEach(cleanup);

describe('RedirectModal', () => {
  it('a small dialog with its text, the footer action beside the dismiss button; dismissing calls onClose', () => {
    const onClose = jest.fn();
    render(
      <RedirectModal
        onClose={onClose}
        title="Pay by card"
        closeLabel="Close"
        dismissLabel="Later"
        dismissTestId="redirect-later"
        action={
          <ButtonLink href="https://pay.example/1" target="_blank" rel="noopener noreferrer" data-testid="redirect-link">
            Pay
          </ButtonLink>
        }
        data-testid="redirect-modal"
      >
        <p>Pay 100 USD on the provider's page.</p>
      </RedirectModal>,
    );
    const modal = screen.getByTestId('redirect-modal');
    expect(screen.getByRole('dialog', { name: 'Pay by card' })).toBe(modal);
    expect(within(modal).getByText("Pay 100 USD on the provider's page.")).toBeTruthy();
    const link = within(modal).getByTestId('redirect-link');
    expect(link.getAttribute('href')).toBe('https://pay.example/1');
    // the action follows the dismiss button in the footer
    expect(screen.getByTestId('redirect-later').nextElementSibling).toBe(link);
    fireEvent.click(screen.getByTestId('redirect-later'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while not open', () => {
    render(
      <RedirectModal open={false} onClose={() => {}} title="KYC" closeLabel="Close" dismissLabel="Cancel" dismissTestId="kyc-cancel" data-testid="kyc-modal">
        <p>Verify</p>
      </RedirectModal>,
    );
    expect(screen.queryByTestId('kyc-modal')).toBeNull();
  });
});
