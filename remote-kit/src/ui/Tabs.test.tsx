import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs, type TabItem } from './Tabs';

afterEach(cleanup);

const items: TabItem[] = [
  { id: 'buy', label: 'Buy' },
  { id: 'sell', label: 'Sell' },
  { id: 'swap', label: 'Swap' },
];

function Harness({ onChange }: { onChange?: (id: string) => void }) {
  const [value, setValue] = useState('buy');
  return (
    <Tabs
      ariaLabel="Mode"
      items={items}
      value={value}
      onChange={(id) => {
        onChange?.(id);
        setValue(id);
      }}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('is a named tablist; only the selected tab is in the Tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Mode' })).toBeTruthy();
    expect(tab('Buy').getAttribute('aria-selected')).toBe('true');
    expect(tab('Sell').getAttribute('aria-selected')).toBe('false');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('the segmented variant (a mode switch) is marked for equal shares of the row; the default is not', () => {
    const { rerender } = render(<Tabs ariaLabel="Rate" items={items} value="buy" variant="segmented" />);
    expect(screen.getByRole('tablist').className).toMatch(/segmented/);
    rerender(<Tabs ariaLabel="Rate" items={items} value="buy" />);
    expect(screen.getByRole('tablist').className).not.toMatch(/segmented/);
  });

  it('arrows move and select, wrapping at both ends; Home and End go to the first and last', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    act(() => tab('Buy').focus());
    fireEvent.keyDown(tab('Buy'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Sell'));
    expect(tab('Sell').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);

    fireEvent.keyDown(tab('Sell'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Swap'));
    fireEvent.keyDown(tab('Swap'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Buy'));
    fireEvent.keyDown(tab('Buy'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Swap'));
    fireEvent.keyDown(tab('Swap'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Buy'));
    expect(onChange.mock.calls.map(([id]) => id)).toEqual(['sell', 'swap', 'buy', 'swap', 'buy']);
  });

  it('a click selects', () => {
    render(<Harness />);
    fireEvent.click(tab('Swap'));
    expect(tab('Swap').getAttribute('aria-selected')).toBe('true');
  });

  it('link tabs: links with the tab role; arrows move focus only, renderLink wraps the host link', () => {
    const onChange = jest.fn();
    const links: TabItem[] = [
      { id: 'info', label: 'Profile', href: '/profile' },
      { id: 'history', label: 'History', href: '/profile/history' },
    ];
    render(
      <Tabs
        ariaLabel="Profile sections"
        items={links}
        value="info"
        onChange={onChange}
        renderLink={(item, props) => <a {...props} data-router-link={item.id} />}
      />,
    );
    const profile = tab('Profile');
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(profile.getAttribute('data-router-link')).toBe('info');
    act(() => profile.focus());
    fireEvent.keyDown(profile, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('History'));
    expect(tab('History').tabIndex).toBe(0);
    expect(tab('Profile').getAttribute('aria-selected')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });
});
