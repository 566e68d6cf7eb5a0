import { autorun, reaction } from 'mobx';
import { LoadingBarStore } from './LoadingBarStore';
import { TestClock } from './testClock';

describe('LoadingBarStore.isLoading is observable', () => {
  it('an observer sees isLoading flip true → false across start/finish', () => {
    const s = new LoadingBarStore(new TestClock());
    const seen: boolean[] = [];
    const dispose = autorun(() => {
      seen.push(s.isLoading);
    });
    s.start();
    s.start();
    s.finish();
    s.finish();
    dispose();
    expect(seen).toEqual([false, true, false]);
  });

  it('a reaction follows a tracked promise', async () => {
    const s = new LoadingBarStore(new TestClock());
    const changes: boolean[] = [];
    const dispose = reaction(
      () => s.isLoading,
      (v) => changes.push(v),
    );
    let resolve!: (v: number) => void;
    const job = s.track(new Promise<number>((r) => (resolve = r)));
    expect(changes).toEqual([true]);
    resolve(1);
    await job;
    dispose();
    expect(changes).toEqual([true, false]);
  });

  it('a finish with nothing pending changes nothing', () => {
    const s = new LoadingBarStore(new TestClock());
    const changes: boolean[] = [];
    const dispose = reaction(
      () => s.isLoading,
      (v) => changes.push(v),
    );
    s.finish();
    dispose();
    expect(changes).toEqual([]);
    expect(s.isLoading).toBe(false);
  });
});
