// Per-network status (issue 29). Each active network's deposits and payouts are working, delayed or paused: an
// operator's open incident on that network decides (the worst of them, per direction), else the custody's own signal
// where it has one (a real chain's block follower: behind its node or the node unreachable → delayed), else the order
// job's progress on that network's orders (the sandbox networks: a deposit with no new confirmation, or a payout
// under way, for longer than a stall allowance → delayed), else working. The answer is kept a few seconds (one
// computation per replica however many visitors ask) and dropped when this replica opens or updates an incident.
import {
  ApiError,
  type EstimatedSeconds,
  type NetworkFlowState,
  type NetworkIncident,
  type NetworkStatus,
  type NetworkStatusList,
} from 'shared-contracts/server';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';
import type { NetworkRepo } from './networkRepo';

/** How long one computed list is served (also the answer's max-age). */
export const NETWORKS_CACHE_MS = 15_000;
/** A real chain's follower this many blocks behind its node delays deposits. */
export const LAG_DELAYED_BLOCKS = 20;
/** No progress on a network's confirming deposit or payout under way for this long (at least) delays it. */
export const STALL_MS = 10 * 60_000;
/** …or for this many confirmation intervals of the network, when that is longer. */
const STALL_CONFIRMATIONS = 5;
/** "Last confirmation seen" looks at the orders of the past week. */
const PROGRESS_WINDOW_MS = 7 * 86_400_000;
/** Payout allowance of the placeholder estimate (deposit credited to payout sent). */
const PAYOUT_ALLOWANCE_SECONDS = 120;

/** What the status reads of a real chain's custody health (adapters/custody CustodyRuntime.chain.health()). */
interface ChainSignal {
  latestBlockSeen: string | null;
  nodeHead: string | null;
  lagBlocks: number | null;
  error: string | null;
}

export interface NetworkServiceDeps {
  repo: NetworkRepo;
  /** The offered instruments (app.ts: with SANDBOX_MODE off, only those with real custody). */
  instruments: Pick<InstrumentRepo, 'all'>;
  custody: { isReal(instrument: InstrumentRecord): boolean; secondsPerConfirmation(instrument: InstrumentRecord): number };
  /** The real chain's health, when one is configured. */
  chainHealth: (() => Promise<ChainSignal>) | null;
  /** The current estimate of a network (modules/estimates); a placeholder from the confirmations when absent. */
  estimateFor?: (networkTitle: string) => EstimatedSeconds | Promise<EstimatedSeconds>;
  now?: () => number;
}

const SEVERITY: Record<NetworkFlowState, number> = { working: 0, delayed: 1, paused: 2 };
const worse = (a: NetworkFlowState, b: NetworkFlowState): NetworkFlowState => (SEVERITY[b] > SEVERITY[a] ? b : a);
const covers = (incident: NetworkIncident, direction: 'deposits' | 'payouts') => incident.scope === 'both' || incident.scope === direction;

/** The active networks of the offered crypto instruments, by networkTitle in catalogue order, with their instruments. */
function activeNetworks(instruments: readonly InstrumentRecord[]): Map<string, InstrumentRecord[]> {
  const out = new Map<string, InstrumentRecord[]>();
  for (const i of instruments) {
    if (i.isFiat || !i.isActive) continue;
    const list = out.get(i.networkTitle) ?? [];
    list.push(i);
    out.set(i.networkTitle, list);
  }
  return out;
}

/** The custody's own signal of a real chain: the follower behind or its node unreachable delays deposits; the signer unreachable delays payouts. */
export function chainStates(health: ChainSignal): { deposits: NetworkFlowState; payouts: NetworkFlowState } {
  const error = health.error ?? '';
  const nodeDown = health.nodeHead === null || /(^|; )(node|follower|database):/.test(error);
  const behind = health.lagBlocks !== null && health.lagBlocks >= LAG_DELAYED_BLOCKS;
  const signerDown = /(^|; )signer:/.test(error);
  return { deposits: nodeDown || behind ? 'delayed' : 'working', payouts: nodeDown || signerDown ? 'delayed' : 'working' };
}

export function createNetworkService(d: NetworkServiceDeps) {
  const now = d.now ?? Date.now;
  let cached: { at: number; list: Promise<NetworkStatusList> } | null = null;

  const placeholderEstimate = (members: InstrumentRecord[]): EstimatedSeconds => {
    const confirming = Math.max(0, ...members.map((i) => i.requiredConfirmations * d.custody.secondsPerConfirmation(i)));
    const p50 = Math.round(confirming + PAYOUT_ALLOWANCE_SECONDS);
    return { p50, p90: p50 * 2, basis: 'default', sampleSize: 0 };
  };

  async function compute(): Promise<NetworkStatusList> {
    const at = now();
    const networks = activeNetworks(d.instruments.all());
    const realOnes = [...networks.values()].some((members) => members.some((i) => d.custody.isReal(i)));
    const [open, progress, chain] = await Promise.all([
      d.repo.openIncidents(),
      d.repo.progressBySlug(new Date(at - PROGRESS_WINDOW_MS)),
      realOnes && d.chainHealth
        ? d.chainHealth().catch((err: unknown): ChainSignal => ({ latestBlockSeen: null, nodeHead: null, lagBlocks: null, error: `node: ${String(err)}` }))
        : null,
    ]);
    const list: NetworkStatus[] = [];
    for (const [networkTitle, members] of networks) {
      const incidents = open.filter((i) => i.networkTitle === networkTitle);
      const real = members.some((i) => d.custody.isReal(i));
      // the signal of the custody or of the order job
      let signal: { deposits: NetworkFlowState; payouts: NetworkFlowState } = { deposits: 'working', payouts: 'working' };
      let source: NetworkStatus['source'] = 'none';
      let lastConfirmation: Date | null = null;
      for (const i of members) {
        const seen = progress.deposits.get(i.slug)?.lastConfirmationAt ?? null;
        if (seen && (!lastConfirmation || seen > lastConfirmation)) lastConfirmation = seen;
      }
      if (real && chain) {
        signal = chainStates(chain);
        source = 'custody';
      } else if (!real) {
        source = 'orders';
        for (const i of members) {
          const allowance = Math.max(STALL_MS, STALL_CONFIRMATIONS * d.custody.secondsPerConfirmation(i) * 1000);
          const confirmingSince = progress.deposits.get(i.slug)?.oldestConfirmingSince;
          if (confirmingSince && at - confirmingSince.getTime() > allowance) signal.deposits = 'delayed';
          const payingSince = progress.payouts.get(i.slug);
          if (payingSince && at - payingSince.getTime() > STALL_MS) signal.payouts = 'delayed';
        }
      }
      let deposits = signal.deposits;
      let payouts = signal.payouts;
      let worst: NetworkIncident | null = null;
      if (incidents.length > 0) {
        source = 'incident';
        const byIncident = (direction: 'deposits' | 'payouts') =>
          incidents.filter((i) => covers(i, direction)).reduce<NetworkFlowState | null>((s, i) => (s === null ? i.state : worse(s, i.state)), null);
        deposits = byIncident('deposits') ?? deposits;
        payouts = byIncident('payouts') ?? payouts;
        worst = incidents.reduce((a, b) => (SEVERITY[b.state] > SEVERITY[a.state] ? b : a));
      }
      list.push({
        networkTitle,
        deposits,
        payouts,
        source,
        incident: worst ? { id: worst.id, title: worst.title, createdAt: worst.createdAt } : null,
        lastBlock: real && chain ? chain.latestBlockSeen : null,
        lastConfirmationAt: lastConfirmation ? lastConfirmation.toISOString() : null,
        estimatedSeconds: d.estimateFor ? await d.estimateFor(networkTitle) : placeholderEstimate(members),
      });
    }
    return { checkedAt: new Date(at).toISOString(), networks: list };
  }

  return {
    /** The list, computed at most once per NETWORKS_CACHE_MS (a failure is not kept). */
    list(): Promise<NetworkStatusList> {
      const at = now();
      if (cached && at - cached.at < NETWORKS_CACHE_MS) return cached.list;
      const entry = { at, list: compute() };
      cached = entry;
      entry.list.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.list;
    },

    /** Unknown network → 400 ERR_NETWORK_NOT_SUPPORTED. */
    async open(
      input: Pick<NetworkIncident, 'networkTitle' | 'scope' | 'state' | 'title'> & { body: string },
      adminId: number | null,
    ): Promise<NetworkIncident> {
      const known = [...activeNetworks(d.instruments.all()).keys()];
      const networkTitle = known.find((n) => n.toUpperCase() === input.networkTitle.toUpperCase());
      if (!networkTitle) {
        throw ApiError.of('ERR_NETWORK_NOT_SUPPORTED', `No active network ${input.networkTitle}`, {
          fields: { networkTitle: `one of ${known.join(', ')}` },
        });
      }
      const incident = await d.repo.open({ ...input, networkTitle }, new Date(now()), adminId);
      cached = null;
      return incident;
    },

    /** Unknown id → 404 ERR_NOT_FOUND; resolved already → 422 ERR_UNPROCESSABLE_ENTITY. */
    async update(input: { id: string; state: NetworkIncident['updates'][number]['state']; body: string }, adminId: number | null): Promise<NetworkIncident> {
      const id = input.id.trim();
      const updated = /^[1-9]\d{0,17}$/.test(id) ? await d.repo.update(id, input, new Date(now()), adminId) : 'missing';
      if (updated === 'missing') throw ApiError.of('ERR_NOT_FOUND', 'No network incident with this id', { fields: { id: 'no network incident with this id' } });
      if (updated === 'resolved') {
        throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'This network incident is resolved already: open a new one', { fields: { id: 'resolved already' } });
      }
      cached = null;
      return updated;
    },

    /** Open network incidents and those updated since `since`, newest update first (the feed). */
    incidentsSince: (since: Date, limit: number) => d.repo.incidentsSince(since, limit),
  };
}
export type NetworkService = ReturnType<typeof createNetworkService>;
