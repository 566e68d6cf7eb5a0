// Clicks and submits made on a server-rendered page before it is hydrated. The page is visible (and looks ready)
// a moment before its handlers exist; without this, a tap in that moment is lost, or submits a form natively.
// index.html's first script (id EARLY_INPUT_SCRIPT_ID) captures them from the first byte; bootstrap stops the
// capture when it hands the page to React and replays them once the app is live.

export const EARLY_INPUT_SCRIPT_ID = 'early-input';

export interface EarlyInput {
  type: 'click' | 'submit';
  el: Element;
}

interface EarlyInputCapture {
  /** removes the capture and answers what it queued */
  stop(): EarlyInput[];
}

declare global {
  interface Window {
    __earlyInput?: EarlyInputCapture;
  }
}

/** Ends the capture (from here on React's own listeners see every event) and takes what was queued. */
export function takeEarlyInput(win: Pick<Window, '__earlyInput'> = window): EarlyInput[] {
  const capture = win.__earlyInput;
  win.__earlyInput = undefined;
  return capture?.stop() ?? [];
}

/**
 * Replays each queued click or submit once on the element it was aimed at, if that element is still in the page
 * (hydration keeps the server's nodes; one it had to replace is skipped rather than guessed at). A control tapped
 * twice is replayed once: a double tap must not place two orders.
 */
export function replayEarlyInput(inputs: readonly EarlyInput[]): number {
  const done = new Set<Element>();
  for (const input of inputs) {
    if (!input.el.isConnected || done.has(input.el)) continue;
    done.add(input.el);
    if (input.type === 'submit' && typeof (input.el as HTMLFormElement).requestSubmit === 'function') (input.el as HTMLFormElement).requestSubmit();
    else if (input.type === 'click') (input.el as HTMLElement).click();
  }
  return done.size;
}
