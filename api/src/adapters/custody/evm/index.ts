// The EVM custody adapter (issue 28, DESIGN.md "Custody"): deposit addresses derived from the deposit account's
// extended public key, deposits followed block by block over JSON-RPC (reorg-safe), payouts and sweeps asked of the
// signer process, which alone holds keys. One adapter serves one chain: its native coin and its configured ERC-20s.
//
// Several api replicas: each poll (and each sweep pass) runs under a PostgreSQL session advisory lock
// (pg_try_advisory_lock, keyed by the chain id): a replica that does not get it skips that round, so one follower
// writes at a time and a crashed one's lock goes with its connection. PGlite is one process: no lock, and polls of
// one adapter never overlap (they are chained).
import type { FastifyBaseLogger } from 'fastify';
import type { EvmAsset, SignerClient } from 'signer/client';
import { createPublicClient, erc20Abi, getAddress, http, isAddress, type PublicClient } from 'viem';
import type { DbHandle } from '../../../db/client';
import type { InstrumentRecord } from '../../../modules/instruments';
import { PayoutHeld, PayoutRejected, type CustodyAdapter, type DepositAddress, type DepositSink, type PayoutRequest, type PayoutResult } from '../types';
import { fromBaseUnits, toBaseUnits } from './amounts';
import { depositAccountFromXpub } from './derivation';
import { createBlockFollower } from './follower';
import { createEvmRepo } from './repo';

export interface EvmCustodyOptions {
  rpcUrl: string;
  chainId: number;
  depositXpub: string;
  /** The instrument slug of the chain's coin (null: the adapter serves tokens only). */
  nativeSlug: string | null;
  tokens: ReadonlyArray<{ slug: string; contract: `0x${string}` }>;
  pollMs: number;
  /** First block to follow when nothing is stored yet (default: the node's head at the first poll). */
  startBlock?: bigint;
  signer: SignerClient;
  db: DbHandle;
  instrument: (slug: string) => InstrumentRecord;
  log: FastifyBaseLogger;
  /** Seconds per block for the order page's estimate (default: 12 on Ethereum mainnet, else pollMs / 1000). */
  secondsPerBlock?: number;
  /** Sweep pass interval (default 5 × pollMs). */
  sweepEveryMs?: number;
  /** Sweeps asked of the signer in one pass at most (default 20). */
  sweepsPerPass?: number;
  /** Blocks kept for reorg detection (default 256). */
  keepBlocks?: number;
  /** Blocks followed in one poll at most (default 500). */
  maxBlocksPerPoll?: number;
}

export interface EvmCustodyHealth {
  adapter: 'evm';
  chainId: number;
  latestBlockSeen: string | null;
  nodeHead: string | null;
  lagBlocks: number | null;
  pendingPayouts: number | null;
  heldPayouts: number | null;
  hotWallet: string | null;
  hotWalletBalances: Record<string, string> | null;
  error: string | null;
}

export interface EvmCustody extends CustodyAdapter {
  /** Starts the block follower and the sweep loop. */
  start(sink: DepositSink): void;
  stop(): Promise<void>;
  health(): Promise<EvmCustodyHealth>;
  /** One follower poll now (after any running one); rejects with its error. Tests and operators. */
  pollNow(): Promise<void>;
  /** One sweep pass now (after any running one). Tests and operators. */
  sweepNow(): Promise<void>;
}

/** Advisory lock class ("exchange evm custody"); the second key is the chain id. */
const FOLLOWER_LOCK = 727_028;
const SWEEP_LOCK = 727_029;

export function createEvmCustody(opts: EvmCustodyOptions): EvmCustody {
  const account = depositAccountFromXpub(opts.depositXpub);
  const client = createPublicClient({ transport: http(opts.rpcUrl, { timeout: 10_000, retryCount: 1 }) }) as PublicClient;
  const repo = createEvmRepo(opts.db, opts.chainId);
  const log = opts.log;

  const assets = new Map<string, EvmAsset>();
  if (opts.nativeSlug) assets.set(opts.nativeSlug, { kind: 'native' });
  for (const t of opts.tokens) assets.set(t.slug, { kind: 'erc20', contract: getAddress(t.contract) });
  const servedSlugs = [...assets.keys()];

  const follower = createBlockFollower({
    client,
    repo,
    nativeSlug: opts.nativeSlug,
    tokens: opts.tokens.map((t) => ({ slug: t.slug, contract: getAddress(t.contract) })),
    ...(opts.startBlock !== undefined ? { startBlock: opts.startBlock } : {}),
    keepBlocks: opts.keepBlocks ?? 256,
    maxBlocksPerPoll: opts.maxBlocksPerPoll ?? 500,
    log,
  });

  /** An error as words fit for a log or the health answer: viem's short message, never the RPC URL (it may carry a key). */
  function describe(err: unknown): string {
    const e = err as { shortMessage?: string; message?: string };
    const text = String(e?.shortMessage ?? e?.message ?? err);
    return text.split(opts.rpcUrl).join('<rpc>').slice(0, 300);
  }

  const decimalsBySlug = new Map<string, Promise<number>>();
  function decimalsOf(slug: string): Promise<number> {
    const asset = assets.get(slug);
    if (!asset) return Promise.reject(new Error(`${slug} is not served by the evm custody`));
    if (asset.kind === 'native') return Promise.resolve(18);
    let known = decimalsBySlug.get(slug);
    if (!known) {
      known = client.readContract({ address: asset.contract, abi: erc20Abi, functionName: 'decimals' }).then(Number);
      known.catch(() => decimalsBySlug.delete(slug));
      decimalsBySlug.set(slug, known);
    }
    return known;
  }

  /** Runs `fn` as the one replica holding the lock (PostgreSQL); undefined when another replica holds it. */
  async function asLeader<T>(lockClass: number, fn: () => Promise<T>): Promise<T | undefined> {
    if (opts.db.kind !== 'postgres') return fn();
    return opts.db.withSession(async (s) => {
      const key = opts.chainId % 2_147_483_647;
      const [row] = await s.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [lockClass, key]);
      if (!row?.locked) return undefined;
      try {
        return await fn();
      } finally {
        await s.query('SELECT pg_advisory_unlock($1, $2)', [lockClass, key]);
      }
    });
  }

  let sink: DepositSink | null = null;
  let chainChecked = false;
  let lastPollError: string | null = null;

  async function pollOnce(): Promise<void> {
    if (!sink) throw new Error('evm custody not started');
    const theSink = sink;
    await asLeader(FOLLOWER_LOCK, async () => {
      if (!chainChecked) {
        const nodeChain = await client.getChainId();
        if (nodeChain !== opts.chainId) throw new Error(`the node is on chain ${nodeChain}, EVM_CHAIN_ID says ${opts.chainId}`);
        chainChecked = true;
      }
      const watchedList = await theSink.watched(servedSlugs);
      const watched = new Map(watchedList.map((w) => [w.address.toLowerCase(), w]));
      const { tip } = await follower.follow(watched);
      await report(theSink, watchedList, tip);
    });
  }

  /** Every deposit of a watched order, in the order's own instrument, with its confirmations on the canonical chain. */
  async function report(theSink: DepositSink, watchedList: ReadonlyArray<{ orderId: string; fromSlug: string }>, tip: bigint | null) {
    const fromSlug = new Map(watchedList.map((w) => [w.orderId, w.fromSlug]));
    for (const d of await repo.depositsOfOrders([...fromSlug.keys()])) {
      // A transfer of another asset than the order's (ETH sent to a USDT order) is swept, not credited.
      if (fromSlug.get(d.orderId) !== d.slug) continue;
      const depth = d.blockNumber === null || tip === null ? 0n : tip - d.blockNumber + 1n;
      try {
        await theSink.depositObserved({
          orderId: d.orderId,
          txHash: d.txHash,
          amount: fromBaseUnits(d.amount, await decimalsOf(d.slug)),
          confirmations: depth > 0n ? Number(depth) : 0,
        });
      } catch (err) {
        log.error({ orderId: d.orderId, txHash: d.txHash, err: describe(err) }, 'evm custody: deposit not taken by the orders module');
      }
    }
  }

  async function sweepOnce(): Promise<void> {
    await asLeader(SWEEP_LOCK, async () => {
      const tip = await repo.tip();
      if (!tip) return;
      let budget = opts.sweepsPerPass ?? 20;
      for (const [slug, asset] of assets) {
        if (budget <= 0) break;
        const required = BigInt(Math.max(1, opts.instrument(slug).requiredConfirmations));
        const due = await repo.unsweptDeposits(slug, tip.number - required + 1n, budget);
        budget -= due.length;
        for (const d of due) {
          const idempotencyKey = `sweep:${d.txHash}:${d.logIndex}`;
          try {
            const s = await opts.signer.sweep({ idempotencyKey, derivationIndex: d.derivationIndex, asset });
            await repo.recordSweep(d.txHash, d.logIndex, { status: s.status, txHashes: s.txHashes, reason: s.reason });
            const level = s.status === 'rejected' || s.status === 'held' ? 'warn' : 'info';
            log[level]({ idempotencyKey, status: s.status, txHashes: s.txHashes, reason: s.reason }, 'evm custody: sweep');
          } catch (err) {
            log.warn({ idempotencyKey, err: describe(err) }, 'evm custody: sweep not asked (retried next pass)');
          }
        }
      }
    });
  }

  // Polls and sweep passes each run one at a time, in their own chains: a slow sweep never delays the follower, and
  // payouts (asked directly of the signer) wait for neither.
  let pollChain: Promise<void> = Promise.resolve();
  let sweepChain: Promise<void> = Promise.resolve();
  const pollNow = () => {
    const run = pollChain.then(pollOnce);
    pollChain = run.then(
      () => {
        lastPollError = null;
      },
      (err) => {
        lastPollError = describe(err);
      },
    );
    return run;
  };
  const sweepNow = () => {
    const run = sweepChain.then(sweepOnce);
    sweepChain = run.catch(() => undefined);
    return run;
  };

  let running = false;
  const timers = new Set<NodeJS.Timeout>();
  function every(ms: number, task: () => Promise<void>, what: string) {
    const tick = () => {
      if (!running) return;
      task()
        .catch((err) => log.error({ err: describe(err) }, `evm custody: ${what} failed`))
        .finally(() => {
          if (!running) return;
          const t = setTimeout(() => {
            timers.delete(t);
            tick();
          }, ms);
          t.unref();
          timers.add(t);
        });
    };
    tick();
  }

  return {
    name: 'evm',
    isSandbox: false,
    isReal: (instrument) => assets.has(instrument.slug),

    async depositAddress(orderId: string, instrument: InstrumentRecord): Promise<DepositAddress> {
      if (!assets.has(instrument.slug)) throw new Error(`${instrument.slug} is not served by the evm custody`);
      const known = await repo.depositAddressOf(orderId);
      if (known) return { address: known.address, memo: null, derivationIndex: known.derivationIndex };
      const derivationIndex = await repo.nextDerivationIndex();
      const stored = await repo.insertDepositAddress({ orderId, derivationIndex, address: account.addressAt(derivationIndex), slug: instrument.slug });
      return { address: stored.address, memo: null, derivationIndex: stored.derivationIndex };
    },

    async payout(request: PayoutRequest): Promise<PayoutResult> {
      const slug = request.instrument.slug;
      const asset = assets.get(slug);
      if (!asset) throw new Error(`${slug} is not served by the evm custody`);
      if (!isAddress(request.address, { strict: false })) throw new PayoutRejected('the payout address is not an EVM address');
      let units: bigint;
      try {
        units = toBaseUnits(request.amount, await decimalsOf(slug));
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('not a non-negative decimal')) throw new PayoutRejected('the payout amount is not a decimal amount');
        throw err;
      }
      if (units <= 0n) throw new PayoutRejected('the payout amount is zero in the chain’s units');
      const s = await opts.signer.payout({ idempotencyKey: request.idempotencyKey, asset, to: getAddress(request.address), amount: units.toString() });
      switch (s.status) {
        case 'held':
          throw new PayoutHeld(s.reason ?? 'over a limit of the signer');
        case 'rejected':
          throw new PayoutRejected(s.reason ?? 'refused by the signer');
        case 'sent':
          if (!s.txHash) throw new Error('the signer reported a payout sent without its transaction');
          return { txHash: s.txHash, final: false };
        case 'mined': {
          if (!s.txHash || s.blockNumber === null) throw new Error('the signer reported a payout mined without its transaction');
          const head = await client.getBlockNumber({ cacheTime: 0 });
          const confirmations = head - BigInt(s.blockNumber) + 1n;
          return { txHash: s.txHash, final: confirmations >= BigInt(request.instrument.requiredConfirmations) };
        }
        default:
          throw new Error(`the signer answered an unknown payout status ${JSON.stringify((s as { status: unknown }).status)}`);
      }
    },

    secondsPerConfirmation: () => opts.secondsPerBlock ?? (opts.chainId === 1 ? 12 : opts.pollMs / 1000),

    start(theSink: DepositSink) {
      if (running) return;
      sink = theSink;
      running = true;
      every(opts.pollMs, pollNow, 'poll');
      every(opts.sweepEveryMs ?? opts.pollMs * 5, sweepNow, 'sweep pass');
    },

    async stop() {
      running = false;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([pollChain, sweepChain.catch(() => undefined)]);
    },

    pollNow,
    sweepNow,

    async health(): Promise<EvmCustodyHealth> {
      const out: EvmCustodyHealth = {
        adapter: 'evm',
        chainId: opts.chainId,
        latestBlockSeen: null,
        nodeHead: null,
        lagBlocks: null,
        pendingPayouts: null,
        heldPayouts: null,
        hotWallet: null,
        hotWalletBalances: null,
        error: null,
      };
      const errors: string[] = [];
      const [tip, head, signer] = await Promise.allSettled([repo.tip(), client.getBlockNumber({ cacheTime: 0 }), opts.signer.health()]);
      if (tip.status === 'fulfilled') out.latestBlockSeen = tip.value ? tip.value.number.toString() : null;
      else errors.push(`database: ${describe(tip.reason)}`);
      if (head.status === 'fulfilled') out.nodeHead = head.value.toString();
      else errors.push(`node: ${describe(head.reason)}`);
      if (tip.status === 'fulfilled' && tip.value && head.status === 'fulfilled') {
        const lag = head.value - tip.value.number;
        out.lagBlocks = lag > 0n ? Number(lag) : 0;
      }
      if (signer.status === 'fulfilled') {
        out.pendingPayouts = signer.value.pendingPayouts;
        out.heldPayouts = signer.value.heldPayouts;
        out.hotWallet = signer.value.hotWallet;
        out.hotWalletBalances = signer.value.balances;
      } else errors.push(`signer: ${describe(signer.reason)}`);
      if (lastPollError) errors.push(`follower: ${lastPollError}`);
      out.error = errors.length > 0 ? errors.join('; ') : null;
      return out;
    },
  };
}
