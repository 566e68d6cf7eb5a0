// Issue 27: observing a latency on one fixed label set, for a path that observes on every request. prom-client's
// `histogram.labels(...).observe(v)` validates the labels and rebuilds their hash string on every call (~0.6 µs, a
// few % of a cached answer's CPU); the series of one label set is one record in the histogram, so once it exists the
// observation is that record's sum, count and bucket. The record is prom-client's own (what it renders, resets and
// removes); when it is not where and how this expects it (a reset, a removal, another prom-client), the observation
// goes through prom-client's way, which recreates it.
import type { Histogram, LabelValues } from 'prom-client';

/** The per-series record of prom-client 15's Histogram (lib/histogram.js createBaseValues). */
interface SeriesRecord {
  labels: Record<string, string | number>;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
}

interface HistogramInternals {
  hashMap?: Record<string, SeriesRecord>;
  upperBounds?: readonly number[];
  enableExemplars?: boolean;
}

/** Observes values (seconds) on one label set of `histogram`, with prom-client's exposition and checks. */
export function boundObserver<L extends string>(histogram: Histogram<L>, labels: LabelValues<L>): (value: number) => void {
  const child = histogram.labels(labels);
  const internals = histogram as unknown as HistogramInternals;
  const bounds = internals.upperBounds;
  if (internals.enableExemplars || !Array.isArray(bounds)) return (value) => child.observe(value);
  // the record's bucket keys are the bounds as strings: made once, not per observation
  const bucketKeys = bounds.map(String);
  let map: Record<string, SeriesRecord> | undefined;
  let record: SeriesRecord | undefined;
  let key = '';

  const find = (): void => {
    map = internals.hashMap;
    record = undefined;
    for (const [k, candidate] of Object.entries(map ?? {})) {
      if (sameLabels(candidate.labels, labels) && typeof candidate.sum === 'number' && candidate.bucketValues) {
        record = candidate;
        key = k;
        return;
      }
    }
  };

  return (value) => {
    // the record of this label set, unless the histogram was reset (a new map) or the series removed since
    if (!record || internals.hashMap !== map || map?.[key] !== record) {
      child.observe(value); // creates the series (and throws on a value that is not a finite number)
      find();
      return;
    }
    if (!Number.isFinite(value)) return child.observe(value);
    record.sum += value;
    record.count += 1;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        record.bucketValues[bucketKeys[i]] += 1;
        break;
      }
    }
  };
}

function sameLabels(a: Record<string, string | number>, b: Partial<Record<string, string | number>>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((k) => String(a[k]) === String(b[k]));
}
