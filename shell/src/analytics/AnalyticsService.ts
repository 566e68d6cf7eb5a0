import type { AnalyticsEvent } from 'shared-contracts';

interface AnalyticsPayload {
  event: AnalyticsEvent;
  /** §4: every event says whether the visitor is a guest or registered. */
  user_type: 'guest' | 'registered';
  [key: string]: unknown;
}

export type AnalyticsSink = (payload: AnalyticsPayload) => void;

/** §4 analytics events through one sink (the page's dataLayer in the browser, a list in tests). */
export class AnalyticsService {
  constructor(
    private readonly sink: AnalyticsSink,
    private readonly userType: () => 'guest' | 'registered',
  ) {}

  track(event: AnalyticsEvent, data: Record<string, unknown> = {}): void {
    try {
      this.sink({ ...data, event, user_type: this.userType() });
    } catch (error) {
      console.warn('analytics sink failed', error);
    }
  }
}

/** The browser sink: pushes to `window.dataLayer` (created when absent) and tells listeners through an event. */
export function dataLayerSink(): AnalyticsSink {
  return (payload) => {
    const w = window as unknown as { dataLayer?: unknown[] };
    (w.dataLayer ??= []).push(payload);
    window.dispatchEvent(new CustomEvent('shell:analytics', { detail: payload }));
  };
}
