import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

afterEach(cleanup);

function Harness({ onClose, withField = true }: { onClose?: () => void; withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Sign in"
        description="With your email"
        closeLabel="Close"
        footer={<Button type="submit">Continue</Button>}
      >
        {withField ? <input aria-label="Email" /> : <p>Nothing to fill</p>}
      </Dialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Sign in' }) };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    const { container } = render(<Dialog open={false} onClose={() => undefined} title="Sign in" />);
    expect(container.innerHTML).toBe('');
  });

  it('is a modal dialog named by its title and described by its description, focused on its first field', () => {
    render(<Harness />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { description: 'With your email' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });

  it('without a field, the dialog itself takes focus', () => {
    render(<Harness withField={false} />);
    const { dialog } = openDialog();
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps Tab inside: past the last control to the first, Shift+Tab from the first to the last', () => {
    render(<Harness />);
    openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Continue' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('Escape closes it and focus goes back to the opener', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const { opener } = openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Email' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('the × button and a click on the backdrop close it; a click inside does not', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const { dialog } = openDialog();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();

    const backdrop = dialog.parentElement!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);

    openDialog();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a press that starts inside and ends on the backdrop (a text selection) does not close it', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const { dialog } = openDialog();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
  });
});
