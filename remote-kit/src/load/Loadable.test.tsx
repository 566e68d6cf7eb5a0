import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Loadable, type LoadableProps } from './Loadable';

afterEach(cleanup);

const texts = { testId: 'wallet', loadingLabel: 'Loading the wallet', errorMessage: 'The wallet did not load.', retryLabel: 'Try again' };

function renderLoadable(props: Partial<LoadableProps> & Pick<LoadableProps, 'status'>) {
  return render(
    <Loadable {...texts} onRetry={() => undefined} {...props}>
      <p data-testid="content">Balances</p>
    </Loadable>,
  );
}

describe('Loadable', () => {
  it.each(['idle', 'loading'] as const)('%s: a skeleton card announced as loading, not the content', (status) => {
    renderLoadable({ status });
    expect(screen.getByTestId('wallet-loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the wallet');
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('error: the message announced, and a retry', () => {
    const onRetry = jest.fn();
    renderLoadable({ status: 'error', onRetry });
    expect(screen.getByTestId('wallet-error')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The wallet did not load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('ready: the content alone; unless it waits for more (ready false), which shows loading', () => {
    const { rerender } = renderLoadable({ status: 'ready' });
    expect(screen.getByTestId('content')).toBeTruthy();
    expect(screen.queryByTestId('wallet-loading')).toBeNull();
    rerender(
      <Loadable {...texts} status="ready" ready={false} onRetry={() => undefined}>
        <p data-testid="content">Balances</p>
      </Loadable>,
    );
    expect(screen.getByTestId('wallet-loading')).toBeTruthy();
    expect(screen.queryByTestId('content')).toBeNull();
  });
});
