import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only once the page is live in the browser: for parts that depend on what only the browser
 * knows (storage, cookies the page reads itself, the visitor's clock), so the server's markup and the browser's
 * first render agree and hydration has nothing to recover from. Server rendering sends nothing in their place.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false);
  // a transition: this render of parts the server left out is time-sliced, not one long task after hydration
  useEffect(() => startTransition(() => setLive(true)), []);
  return live ? children : null;
}
