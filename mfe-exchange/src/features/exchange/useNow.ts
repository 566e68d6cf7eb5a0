import { useEffect, useState } from 'react';

/**
 * The current time, re-rendering every `intervalMs` while `active`. Until mounted it is `initial` (a time both the
 * server and the hydrating browser know), so the first render is the same on both.
 */
export function useNow(active: boolean, initial: number, intervalMs = 1000): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [active, intervalMs]);
  return now;
}

/** "4:05" */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
