// §2 "The query is kept in sync with the chosen pair and amount, by replace or push": a new pair is a new
// history entry (push), a new amount replaces the current one.
import { reaction, type IReactionDisposer } from 'mobx';

export type QueryWriter = (query: URLSearchParams, options: { replace: boolean }) => void;

export interface QuerySource {
  readonly query: URLSearchParams;
}

/** The part of a query that makes a change a push (default: the pair). */
const pairKey = (q: URLSearchParams) => `${q.get('send') ?? ''}|${q.get('receive') ?? ''}`;

export class QuerySync {
  private readonly stop: IReactionDisposer;
  private last: string;

  constructor(
    source: QuerySource,
    private readonly write: QueryWriter,
    current: URLSearchParams,
    private readonly keys: readonly string[] = ['send', 'receive', 'amount'],
  ) {
    this.last = this.pick(current).toString();
    this.stop = reaction(
      () => this.pick(source.query).toString(),
      (next) => this.sync(next),
    );
  }

  private pick(q: URLSearchParams): URLSearchParams {
    const out = new URLSearchParams();
    for (const k of this.keys) {
      const v = q.get(k);
      if (v !== null) out.set(k, v);
    }
    return out;
  }

  private sync(next: string): void {
    if (next === this.last) return;
    const replace = pairKey(new URLSearchParams(next)) === pairKey(new URLSearchParams(this.last));
    this.last = next;
    this.write(new URLSearchParams(next), { replace });
  }

  dispose(): void {
    this.stop();
  }
}
