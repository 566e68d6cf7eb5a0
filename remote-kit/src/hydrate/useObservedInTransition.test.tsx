import { act, render, screen } from '@testing-library/react';
import { makeAutoObservable, reaction } from 'mobx';
import { useObservedInTransition } from './useObservedInTransition';

class Root {
  details: { name: string } | null = null;
  other = 0;
  constructor() {
    makeAutoObservable(this);
  }
}

describe('useObservedInTransition', () => {
  it('renders the current value first, then each change once; a change it does not read renders nothing', async () => {
    const root = new Root();
    let outerRenders = 0;
    function Part({ store }: { store: Root }) {
      outerRenders += 1;
      const details = useObservedInTransition(() => store.details);
      return <p data-testid="part">{details ? details.name : 'none'}</p>;
    }
    render(<Part store={root} />);
    expect(screen.getByTestId('part').textContent).toBe('none');
    const rendersBefore = outerRenders;
    await act(async () => {
      root.details = { name: 'ready' };
    });
    expect(screen.getByTestId('part').textContent).toBe('ready');
    // one render, from the hook's own state (a transition)
    expect(outerRenders).toBe(rendersBefore + 1);
    await act(async () => {
      root.other += 1; // not read by the hook: nothing renders
    });
    expect(outerRenders).toBe(rendersBefore + 1);
  });

  it('a value already set before the first render is shown at once', () => {
    const root = new Root();
    root.details = { name: 'early' };
    function Part() {
      const details = useObservedInTransition(() => root.details);
      return <p data-testid="part">{details?.name}</p>;
    }
    render(<Part />);
    expect(screen.getByTestId('part').textContent).toBe('early');
  });
});

it('the first read is untracked: an enclosing derivation (an observer’s render) does not subscribe to it', () => {
  const root = new Root();
  let runs = 0;
  function Part() {
    useObservedInTransition(() => root.details);
    return null;
  }
  // an observer's render runs inside a MobX derivation; a reaction's expression is one too
  const stop = reaction(
    () => {
      runs += 1;
      render(<Part />);
      return runs;
    },
    () => undefined,
  );
  root.details = { name: 'later' };
  expect(runs).toBe(1);
  stop();
});
