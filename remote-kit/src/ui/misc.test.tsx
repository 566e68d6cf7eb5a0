import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, ButtonLink } from './Button';
import { Card } from './Card';
import { LiveRegion } from './LiveRegion';
import { Spinner } from './Spinner';
import { Table } from './Table';
import { Toast } from './Toast';

afterEach(cleanup);

describe('Button', () => {
  it('is type=button by default; loading disables it and sets aria-busy', () => {
    const onClick = jest.fn();
    const { rerender } = render(<Button onClick={onClick}>Create order</Button>);
    const button = screen.getByRole('button', { name: 'Create order' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading>
        Create order
      </Button>,
    );
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    // the spinner inside is decoration: the name is unchanged
    expect(screen.getByRole('button', { name: 'Create order' })).toBe(button);
  });

  it('ButtonLink is a link, or whatever its render prop returns with the button look', () => {
    const { rerender } = render(<ButtonLink href="/order/1">Open order</ButtonLink>);
    expect(screen.getByRole('link', { name: 'Open order' }).getAttribute('href')).toBe('/order/1');
    rerender(
      <ButtonLink
        variant="secondary"
        render={({ className, children }) => (
          <a href="/host" className={className} data-host-link="">
            {children}
          </a>
        )}
      >
        Home
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link.hasAttribute('data-host-link')).toBe(true);
    expect(link.className).not.toBe('');
  });
});

describe('Card', () => {
  it('a titled section is a region named by its title', () => {
    render(
      <Card title="Exchange" titleAs="h1" actions={<button type="button">Reverse</button>}>
        body
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Exchange' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Exchange' })).toBeTruthy();
  });
});

describe('Table', () => {
  const columns = [
    { key: 'coin', header: 'Coin' },
    { key: 'amount', header: 'Amount', align: 'end' as const },
  ];

  it('a table with column headers inside a focusable region named by its caption', () => {
    render(<Table caption="Latest orders" captionHidden columns={columns} rows={[{ key: '1', cells: { coin: 'BTC', amount: '0.5' } }]} />);
    const region = screen.getByRole('region', { name: 'Latest orders' });
    expect(region.tabIndex).toBe(0);
    expect(screen.getByRole('table', { name: 'Latest orders' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Coin', 'Amount']);
    expect(screen.getByRole('cell', { name: '0.5' })).toBeTruthy();
  });

  it('shows the empty text across all columns', () => {
    render(<Table columns={columns} rows={[]} empty="No orders yet" />);
    expect(screen.getByRole('cell', { name: 'No orders yet' }).getAttribute('colspan')).toBe('2');
  });
});

describe('Toast, LiveRegion, Spinner', () => {
  it('a toast is a status, a danger toast an alert; its × has the given name', () => {
    const onClose = jest.fn();
    const { rerender } = render(
      <Toast tone="success" title="Saved" onClose={onClose} closeLabel="Dismiss">
        All good
      </Toast>,
    );
    expect(screen.getByRole('status').textContent).toContain('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<Toast tone="danger">Network error</Toast>);
    expect(screen.getByRole('alert').textContent).toBe('Network error');
  });

  it('live regions: polite status or assertive alert', () => {
    render(
      <>
        <LiveRegion>Order confirmed</LiveRegion>
        <LiveRegion politeness="assertive">Order expired</LiveRegion>
      </>,
    );
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('status').textContent).toBe('Order confirmed');
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });

  it('a spinner is hidden from screen readers unless labelled', () => {
    const { container, rerender } = render(<Spinner />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    rerender(<Spinner label="Loading rates" />);
    expect(screen.getByRole('status').textContent).toBe('Loading rates');
  });
});
