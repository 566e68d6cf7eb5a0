import { reaction, untracked } from 'mobx';
import { startTransition, useEffect, useState } from 'react';

/**
 * A value read from MobX stores whose later changes are rendered as a transition: time-sliced, so the page answers
 * input between slices. An `observer` re-render is one blocking task instead (mobx-react-lite subscribes through
 * useSyncExternalStore, whose updates React always renders synchronously): for a part that appears when its store is
 * ready, that task is the whole part (issue 27: the exchange form's details mounted in one 300 ms task on a 4× slower
 * CPU). The first render reads the value as it is, untracked, so an enclosing observer does not subscribe to it.
 * `read` is taken from the first render (stores live as long as the component).
 */
export function useObservedInTransition<T>(read: () => T): T {
  const [initialRead] = useState(() => read);
  const [first] = useState(() => ({ value: untracked(initialRead) }));
  const [value, setValue] = useState(first.value);
  useEffect(() => {
    const show = (next: T) => startTransition(() => setValue(() => next));
    const stop = reaction(initialRead, show);
    // a change between the first render and this effect is not missed
    const now = untracked(initialRead);
    if (!Object.is(now, first.value)) show(now);
    return stop;
  }, [initialRead, first]);
  return value;
}
