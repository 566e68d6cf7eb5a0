import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useNow } from './useNow';

afterEach(cleanup);
afterEach(() => jest.useRealTimers());

function Clock() {
  const now = useNow(1_000);
  return <span data-testid="clock">{now === null ? 'not yet' : String(now)}</span>;
}

it('useNow: null on the server, the clock after mount and every interval', () => {
  expect(renderToString(<Clock />)).toContain('not yet');
  jest.useFakeTimers({ now: 1_000_000 });
  render(<Clock />);
  expect(screen.getByTestId('clock').textContent).toBe('1000000');
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByTestId('clock').textContent).toBe('1001000');
});
