import { useEffect, useState } from 'react';

/**
 * The browser's clock, read after mount and every `intervalMs` after. `null` during server rendering and the first
 * browser render, so both print the same markup.
 */
export function useNow(intervalMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), Math.max(1, intervalMs));
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
