// Issue 29: the time estimate of a network, deposit seen → payout sent. Measured (nearest-rank p50 and p90 of the
// network's recent completed orders) once enough orders completed, else a default from the chain's pace. Computed
// in the background and kept in memory: estimateFor() never touches the database (the quote path calls it).
import type { EstimatedSeconds } from 'shared-contracts/server';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';
import { percentile } from './percentile';
import type { EstimatesRepo } from './repo';

export interface EstimatesOptions {
  /** How far back completed orders count. */
  windowDays: number;
  /** At most this many of the newest orders per network. */
  maxPerNetwork: number;
  /** Fewer completed orders than this on a network: the default estimate. */
  minSample: number;
  /** The default's time from the last confirmation to the payout sent. */
  payoutAllowanceSeconds: number;
}

const ESTIMATE_DEFAULTS: EstimatesOptions = { windowDays: 30, maxPerNetwork: 500, minSample: 20, payoutAllowanceSeconds: 60 };

interface EstimatesDeps {
  repo: EstimatesRepo;
  instruments: Pick<InstrumentRepo, 'all'>;
  /** The custody's pace on the instrument's chain (CustodyAdapter.secondsPerConfirmation). */
  secondsPerConfirmation(instrument: InstrumentRecord): number;
  now?: () => Date;
  options?: Partial<EstimatesOptions>;
}

/**
 * The default: the slowest instrument of the network (required confirmations × seconds per confirmation) plus the
 * payout allowance as p50, twice that as p90.
 */
export function defaultEstimate(confirmationSeconds: number, payoutAllowanceSeconds: number, sampleSize = 0): EstimatedSeconds {
  const p50 = Math.ceil(Math.max(0, confirmationSeconds) + payoutAllowanceSeconds);
  return { p50, p90: 2 * p50, basis: 'default', sampleSize };
}

export function createEstimates({ repo, instruments, secondsPerConfirmation, now = () => new Date(), options }: EstimatesDeps) {
  const o = { ...ESTIMATE_DEFAULTS, ...options };
  let measured = new Map<string, EstimatedSeconds>();
  let counts = new Map<string, number>();
  const defaults = new Map<string, EstimatedSeconds>();

  const defaultFor = (networkTitle: string): EstimatedSeconds => {
    let estimate = defaults.get(networkTitle);
    if (!estimate) {
      let confirmationSeconds = 0;
      for (const i of instruments.all()) {
        if (i.networkTitle === networkTitle) confirmationSeconds = Math.max(confirmationSeconds, i.requiredConfirmations * secondsPerConfirmation(i));
      }
      estimate = defaultEstimate(confirmationSeconds, o.payoutAllowanceSeconds, counts.get(networkTitle) ?? 0);
      defaults.set(networkTitle, estimate);
    }
    return estimate;
  };

  return {
    /** The network's current estimate (memory only). */
    estimateFor(networkTitle: string): EstimatedSeconds {
      return measured.get(networkTitle) ?? defaultFor(networkTitle);
    },

    /** Measures every network again from the database (the background refresh). */
    async refresh(): Promise<void> {
      const since = new Date(now().getTime() - o.windowDays * 86_400_000);
      const byNetwork = new Map<string, number[]>();
      for (const d of await repo.recentDurations(since, o.maxPerNetwork)) {
        const list = byNetwork.get(d.networkTitle);
        if (list) list.push(d.seconds);
        else byNetwork.set(d.networkTitle, [d.seconds]);
      }
      const nextMeasured = new Map<string, EstimatedSeconds>();
      const nextCounts = new Map<string, number>();
      for (const [networkTitle, seconds] of byNetwork) {
        nextCounts.set(networkTitle, seconds.length);
        if (seconds.length < o.minSample) continue;
        seconds.sort((a, b) => a - b);
        nextMeasured.set(networkTitle, {
          p50: percentile(seconds, 50) ?? 0,
          p90: percentile(seconds, 90) ?? 0,
          basis: 'measured',
          sampleSize: seconds.length,
        });
      }
      measured = nextMeasured;
      counts = nextCounts;
      defaults.clear();
    },
  };
}
