// One thing a view loads, as one state machine (issue 26; like Outline's base store): idle → loading → ready | error,
// a retry, and an answer to an older load than the latest dropped. A store owns one per thing it loads and keeps the
// data; its view renders <Loadable> over `status`.
import { makeObservable, observable, observableRef, runInAction } from 'mobx';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LoadStateOptions {
  /** Logged with the error when a load fails: `${what} failed to load`. */
  what: string;
  /** Once ready, a new load keeps what is shown until it answers (no skeleton again). Default: each load shows loading. */
  keepWhileLoading?: boolean;
  /** Once ready, a failed load keeps what is shown and is only logged. Default: a failed load is the error state. */
  keepOnError?: boolean;
}

/** Per load: how its failure is logged and whether it keeps what is shown (a background refresh). */
export interface LoadOptions {
  /** logged instead of the state's `${what} failed to load` */
  failure?: string;
  keepOnError?: boolean;
}

export class LoadState {
  status: LoadStatus = 'idle';
  /** the last failure (null once a load succeeds) */
  error: unknown = null;
  private request = 0;
  private last: (() => Promise<boolean>) | null = null;

  constructor(private readonly options: LoadStateOptions) {
    makeObservable(this, { status: observable, error: observableRef });
  }

  get isReady(): boolean {
    return this.status === 'ready';
  }

  /**
   * Runs `fetch`; its answer goes to `apply`, in the same action that makes the state ready, unless a later load (or
   * a reset) came meanwhile. True when this load's answer was applied.
   */
  async load<T>(fetch: () => Promise<T>, apply: (answer: T) => void, options: LoadOptions = {}): Promise<boolean> {
    this.last = () => this.load(fetch, apply, options);
    const id = ++this.request;
    const keep = (wanted: boolean | undefined) => wanted === true && this.status === 'ready';
    runInAction(() => {
      if (!keep(this.options.keepWhileLoading)) this.status = 'loading';
    });
    try {
      const answer = await fetch();
      if (id !== this.request) return false;
      runInAction(() => {
        apply(answer);
        this.status = 'ready';
        this.error = null;
      });
      return true;
    } catch (error) {
      if (id !== this.request) return false;
      console.warn(options.failure ?? `${this.options.what} failed to load`, error);
      runInAction(() => {
        if (keep(options.keepOnError ?? this.options.keepOnError)) return;
        this.status = 'error';
        this.error = error;
      });
      return false;
    }
  }

  /** Runs the last load again (nothing before the first). */
  retry(): Promise<boolean> {
    return this.last?.() ?? Promise.resolve(false);
  }

  /** Back to idle (what was shown is gone); an answer on its way is dropped. */
  reset(): void {
    this.request++;
    runInAction(() => {
      this.status = 'idle';
      this.error = null;
    });
  }
}
