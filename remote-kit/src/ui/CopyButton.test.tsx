import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CopyButton } from './CopyButton';

afterEach(cleanup);
afterEach(() => jest.useRealTimers());

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CopyButton', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('copies the value and announces the copied label politely for 2 s', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(async () => undefined);
    stubClipboard(writeText);
    render(<CopyButton value="bc1qaddress" label="Copy address" copiedLabel="Copied" data-testid="copy-address" />);
    const button = screen.getByRole('button', { name: 'Copy address' });
    expect(button).toBe(screen.getByTestId('copy-address'));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith('bc1qaddress');
    expect(status.textContent).toBe('Copied');
    // its name stays the same while copied
    expect(screen.getByRole('button', { name: 'Copy address' })).toBe(button);

    act(() => jest.advanceTimersByTime(1999));
    expect(status.textContent).toBe('Copied');
    act(() => jest.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
  });

  it('shows the label as text when asked, and the copied label once copied', async () => {
    stubClipboard(async () => undefined);
    render(<CopyButton value="memo" label="Copy memo" copiedLabel="Memo copied" showLabel />);
    const button = screen.getByRole('button', { name: 'Copy memo' });
    expect(button.textContent).toBe('Copy memo');
    await act(async () => fireEvent.click(button));
    expect(button.textContent).toBe('Memo copied');
  });

  it('falls back to a selection and execCommand without the clipboard API', async () => {
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<CopyButton value="addr" label="Copy address" copiedLabel="Copied" />);
    const button = screen.getByRole('button', { name: 'Copy address' });
    button.focus();
    await act(async () => fireEvent.click(button));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    expect(document.activeElement).toBe(button);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('announces nothing when copying fails', async () => {
    stubClipboard(async () => Promise.reject(new Error('denied')));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    render(<CopyButton value="addr" label="Copy address" copiedLabel="Copied" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy address' })));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
