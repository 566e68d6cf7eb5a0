// The docs page's one state machine (§2 docs pages, DESIGN "Server rendering"): a view built from the server's loader
// data when it is for the shown slug and locale, else loading → ready | failed; a newer key wins over a late answer.
import { action, makeObservable, observableRef } from 'mobx';
import { ApiError, type ApiClient } from 'shared-contracts';
import { type DocsKey, type DocsView, loadDocsView, sameKey } from './docsView';

export type DocsState = { kind: 'loading' } | { kind: 'ready'; view: DocsView } | { kind: 'failed'; error: ApiError };

export class DocsStore {
  state: DocsState;
  private key: DocsKey;
  private controller: AbortController | null = null;

  constructor(
    private readonly api: ApiClient,
    key: DocsKey,
    initial: DocsView | undefined,
    private readonly track: <T>(promise: Promise<T>) => Promise<T> = (p) => p,
  ) {
    this.key = key;
    this.state = initial ? { kind: 'ready', view: initial } : { kind: 'loading' };
    makeObservable<DocsStore, 'settle'>(this, { state: observableRef, show: action, retry: action, settle: action });
  }

  /** Shows `key`: nothing to do when it is already shown (or loading); otherwise fetches it. */
  show(key: DocsKey): void {
    if (sameKey(key, this.key) && this.state.kind !== 'failed' && !(this.state.kind === 'loading' && !this.controller)) return;
    this.key = key;
    this.fetch();
  }

  retry(): void {
    this.fetch();
  }

  dispose(): void {
    this.controller?.abort();
    this.controller = null;
  }

  private fetch(): void {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const key = this.key;
    this.state = { kind: 'loading' };
    this.track(loadDocsView(this.api, key, controller.signal)).then(
      (view) => this.settle(controller, { kind: 'ready', view }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError =
          error instanceof ApiError
            ? error
            : new ApiError({ statusCode: 0, code: 'ERR_SERVICE_UNAVAILABLE', message: error instanceof Error ? error.message : String(error) });
        this.settle(controller, { kind: 'failed', error: apiError });
      },
    );
  }

  private settle(controller: AbortController, state: DocsState): void {
    if (this.controller !== controller) return;
    this.controller = null;
    this.state = state;
  }
}
