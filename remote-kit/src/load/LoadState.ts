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

/** How a load ended: its answer applied, it failed (the state says how it shows), or a later load overtook it. */
export type LoadOutcome = 'applied' | 'failed' | 'dropped';

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
  private last: (() => Promise<LoadOutcome>) | null = null;

  constructor(private readonly options: LoadStateOptions) {
    makeObservable(this, { status: observable, error: observableRef });
  }

  get isReady(): boolean {
    return this.status === 'ready';
  }

  /**
   * Runs `fetch`; its answer goes to `apply`, in the same action that makes the state ready, unless a later load (or
   * a reset) came meanwhile.
   */
  async load<T>(fetch: () => Promise<T>, apply: (answer: T) => void, options: LoadOptions = {}): Promise<LoadOutcome> {
    this.last = () => this.load(fetch, apply, options);
    const id = ++this.request;
    const keep = (wanted: boolean | undefined) => wanted === true && this.status === 'ready';
    runInAction(() => {
      if (!keep(this.options.keepWhileLoading)) this.status = 'loading';
    });
    try {
      const answer = await fetch();
      if (id !== this.request) return 'dropped';
      runInAction(() => {
        apply(answer);
        this.status = 'ready';
        this.error = null;
      });
      return 'applied';
    } catch (error) {
      if (id !== this.request) return 'dropped';
      console.warn(options.failure ?? `${this.options.what} failed to load`, error);
      runInAction(() => {
        if (keep(options.keepOnError ?? this.options.keepOnError)) return;
        this.status = 'error';
        this.error = error;
      });
      return 'failed';
    }
  }

  /** Runs the last load again (nothing before the first). */
  retry(): Promise<LoadOutcome | undefined> {
    return this.last?.() ?? Promise.resolve(undefined);
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
