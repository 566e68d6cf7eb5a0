// The estimates module (issue 29): how long a network takes from the deposit seen to the payout sent, measured from
// recent completed orders (a default until there are enough), refreshed in the background. This file is its only face.
import type { FastifyInstance } from 'fastify';
import type { EstimatedSeconds } from 'shared-contracts/server';
import type { CustodyAdapter } from '../../adapters/custody/types';
import type { DbHandle } from '../../db/client';
import type { InstrumentRepo } from '../instruments';
import { createEstimatesRepo } from './repo';
import { createEstimates, type EstimatesOptions } from './service';

/** A network's current estimate, from memory: cheap enough for every quote. */
export type EstimateFor = (networkTitle: string) => EstimatedSeconds;

/** How often the estimates are measured again. */
const REFRESH_INTERVAL_MS = 5 * 60_000;

interface EstimatesModuleDeps {
  db: DbHandle;
  instruments: Pick<InstrumentRepo, 'all'>;
  custody: Pick<CustodyAdapter, 'secondsPerConfirmation'>;
  now?: () => Date;
  options?: Partial<EstimatesOptions>;
  refreshIntervalMs?: number;
}

/**
 * The estimates of every network: defaults at once, measured when the server is ready and every refresh interval
 * after (the timer never keeps the process alive, and stops before the database closes).
 */
export function registerEstimatesModule(app: FastifyInstance, deps: EstimatesModuleDeps): { estimateFor: EstimateFor; refresh(): Promise<void> } {
  const estimates = createEstimates({
    repo: createEstimatesRepo(deps.db.db),
    instruments: deps.instruments,
    secondsPerConfirmation: (i) => deps.custody.secondsPerConfirmation(i),
    now: deps.now,
    options: deps.options,
  });
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const refresh = (): Promise<void> => {
    running ??= estimates.refresh().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () => void refresh().catch((err) => app.log.warn({ err }, 'estimates: not measured'));
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, deps.refreshIntervalMs ?? REFRESH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  return { estimateFor: estimates.estimateFor, refresh };
}
