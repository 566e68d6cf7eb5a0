// Public figures that belong to no one order (§7): the latest completed exchanges, completed-order
// statistics, and the recommended amount to send for a pair.
import type { ExchangeRequest, LatestOrderSchema, PairData, PublicStatsSchema } from 'shared-contracts/server';
import type { z } from 'zod';
import { D, money } from '../../lib/decimal';
import type { PriceBoard } from '../../realtime/types';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';
import { instrumentBySlug, refOf, resolveInstrument } from '../orders';
import type { StatsRepo } from './repo';

type LatestOrder = z.infer<typeof LatestOrderSchema>;
type PublicStats = z.infer<typeof PublicStatsSchema>;

export interface PublicStatsDeps {
  repo: StatsRepo;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  quote: (request: ExchangeRequest) => PairData;
  now?: () => Date;
}

export interface RecommendedAmountQuery {
  fromCurrency: string;
  fromNetwork: string;
  toCurrency: string;
  toNetwork: string;
  rateMode: 'FIXED' | 'FLOATING';
}

export function createPublicStats({ repo, instruments, priceBoard, quote, now = () => new Date() }: PublicStatsDeps) {
  const instrument = (slug: string): InstrumentRecord => instrumentBySlug(instruments, slug);

  return {
    async latest(limit = 10): Promise<LatestOrder[]> {
      const rows = await repo.latestCompleted(limit);
      return rows.map((r) => ({
        from: refOf(instrument(r.fromSlug)),
        to: refOf(instrument(r.toSlug)),
        amountFrom: money(r.depositAmount ?? r.claimedDepositAmount),
        amountTo: money(r.payoutAmount ?? r.amountToGet),
        completedAt: (r.completedAt ?? r.updatedAt).toISOString(),
      }));
    },

    async stats(period: 'day' | 'week' | 'all' = 'all'): Promise<PublicStats> {
      const since = period === 'all' ? null : new Date(now().getTime() - (period === 'day' ? 1 : 7) * 86_400_000);
      const { count, volumeBySlug } = await repo.completedStats(since);
      let volume = new D(0);
      for (const v of volumeBySlug) {
        const i = instruments.bySlug(v.fromSlug);
        const p = i && priceBoard.priceUsd(i.currencyTitle);
        if (p) volume = volume.plus(new D(v.volume).mul(p.toString()));
      }
      return { ordersCompleted: count, volumeUsd: money(volume, 2), instrumentsCount: instruments.all().filter((i) => i.isActive).length };
    },

    recommendedAmount(q: RecommendedAmountQuery): { recommendedAmount: string } {
      const from = resolveInstrument(instruments, { currencyTitle: q.fromCurrency, networkTitle: q.fromNetwork }, 'from');
      const to = resolveInstrument(instruments, { currencyTitle: q.toCurrency, networkTitle: q.toNetwork }, 'to');
      // The quote without an amount: §9's default amount, clamped to the pair's limits.
      return { recommendedAmount: quote({ instrumentFromSlug: from.slug, instrumentToSlug: to.slug, rateMode: q.rateMode }).amountToGive };
    },
  };
}
export type PublicStatsService = ReturnType<typeof createPublicStats>;
