import { cleanup, render, screen, within } from '@testing-library/react';
import { Stepper } from './Stepper';

afterEach(cleanup);

const steps = [
  { id: 'awaiting', label: 'Awaiting payment' },
  { id: 'confirming', label: 'Confirming' },
  { id: 'sending', label: 'Sending' },
];

describe('Stepper', () => {
  it('an ordered list where only the current step has aria-current="step"', () => {
    render(<Stepper steps={steps} current="confirming" ariaLabel="Order progress" doneLabel="done" />);
    const list = screen.getByRole('list', { name: 'Order progress' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    // a finished step says so to a screen reader
    expect(items[0].textContent).toContain('Awaiting payment (done)');
    expect(items[1].textContent).not.toContain('(done)');
  });

  it('status done marks the current step done too; status error marks it failed', () => {
    const { rerender } = render(<Stepper steps={steps} current="sending" status="done" doneLabel="done" errorLabel="failed" />);
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-state'))).toEqual(['done', 'done', 'done']);
    expect(screen.getAllByRole('listitem')[2].getAttribute('aria-current')).toBe('step');
    rerender(<Stepper steps={steps} current="confirming" status="error" doneLabel="done" errorLabel="failed" />);
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-state'))).toEqual(['done', 'error', 'upcoming']);
    expect(screen.getAllByRole('listitem')[1].textContent).toContain('Confirming (failed)');
  });
});
