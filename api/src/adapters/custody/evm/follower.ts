// The block follower: from the stored cursor to the node's head, block by block, keeping each block's hash and parent
// hash. A block whose parent is not the stored block below it (or a stored tip the node no longer has) is a
// reorganisation: walk back to the common ancestor, forget the blocks above it and put their deposits in no block.
// Deposits are native transfers to a watched address (successful transactions only) and ERC-20 Transfer logs of the
// configured contracts to a watched address.
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { FastifyBaseLogger } from 'fastify';
import type { EvmRepo, FoundDeposit, StoredBlock } from './repo';

const lower = (a: bigint, b: bigint) => (a < b ? a : b);

/** A watched deposit address (lowercase) → its order. */
export type WatchedAddresses = ReadonlyMap<string, { orderId: string }>;

export interface BlockFollowerOptions {
  client: PublicClient;
  repo: EvmRepo;
  nativeSlug: string | null;
  tokens: ReadonlyArray<{ slug: string; contract: Address }>;
  /** Where to start when nothing is stored yet (default: the node's head then). */
  startBlock?: bigint;
  /** Blocks kept for reorg detection (a reorg deeper than this is not undone). */
  keepBlocks: number;
  /** Blocks followed in one poll at most (catching up after downtime spreads over several polls). */
  maxBlocksPerPoll: number;
  log: FastifyBaseLogger;
}

export interface FollowResult {
  /** The highest block followed (null: nothing followed yet, e.g. a start block above the head). */
  tip: bigint | null;
  head: bigint;
}

const TRANSFER_EVENT = erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer') as Extract<
  (typeof erc20Abi)[number],
  { type: 'event'; name: 'Transfer' }
>;

export function createBlockFollower(o: BlockFollowerOptions) {
  const tokenSlugs = new Map(o.tokens.map((t) => [t.contract.toLowerCase(), t.slug]));
  const contracts = o.tokens.map((t) => t.contract);

  async function depositsIn(blockNumber: bigint, watched: WatchedAddresses): Promise<{ block: StoredBlock; deposits: FoundDeposit[] }> {
    const scanNative = o.nativeSlug !== null && watched.size > 0;
    const raw = await o.client.getBlock({ blockNumber, includeTransactions: scanNative });
    if (raw.hash === null) throw new Error(`block ${blockNumber} is pending`);
    const block: StoredBlock = { number: blockNumber, hash: raw.hash, parentHash: raw.parentHash };
    const deposits: FoundDeposit[] = [];
    if (watched.size === 0) return { block, deposits };

    if (o.nativeSlug !== null) {
      for (const tx of raw.transactions) {
        if (typeof tx === 'string' || !tx.to || tx.value <= 0n) continue;
        const order = watched.get(tx.to.toLowerCase());
        if (!order) continue;
        const receipt = await o.client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        deposits.push({ txHash: tx.hash, logIndex: -1, orderId: order.orderId, slug: o.nativeSlug, address: tx.to, amount: tx.value });
      }
    }
    if (contracts.length > 0) {
      // By block hash: the logs of exactly the block stored, whatever happened to the chain since.
      const logs = await o.client.getLogs({ address: contracts, event: TRANSFER_EVENT, blockHash: block.hash, strict: true });
      for (const l of logs) {
        if (l.removed) continue;
        const order = watched.get(l.args.to.toLowerCase());
        const slug = tokenSlugs.get(l.address.toLowerCase());
        if (!order || !slug) continue;
        deposits.push({ txHash: l.transactionHash, logIndex: l.logIndex, orderId: order.orderId, slug, address: l.args.to, amount: l.args.value });
      }
    }
    return { block, deposits };
  }

  async function first(n: bigint, watched: WatchedAddresses): Promise<StoredBlock> {
    const { block, deposits } = await depositsIn(n, watched);
    await o.repo.recordBlock(block, deposits);
    return block;
  }

  /**
   * Walks back from `from` to the highest stored block the node still has and forgets everything above it. When no
   * stored block is canonical any more (a reorg deeper than the kept window, a reset dev chain), forgets them all and
   * starts again at the oldest one (or the head, if lower).
   */
  async function commonAncestor(from: bigint, tip: StoredBlock, head: bigint, watched: WatchedAddresses): Promise<StoredBlock> {
    const oldest = (await o.repo.oldestBlockNumber()) ?? from;
    for (let k = from; k >= oldest; k--) {
      const stored = k === tip.number ? tip : await o.repo.blockAt(k);
      if (!stored) continue;
      const canonical = await o.client.getBlock({ blockNumber: k });
      if (canonical.hash !== stored.hash) continue;
      if (k !== tip.number) {
        const orphaned = await o.repo.orphanAbove(k);
        o.log.warn({ ancestor: k.toString(), previousTip: tip.number.toString(), orphanedDeposits: orphaned }, 'evm custody: chain reorganisation');
      }
      return stored;
    }
    const orphaned = await o.repo.orphanAbove(oldest - 1n);
    o.log.error({ oldest: oldest.toString(), orphanedDeposits: orphaned }, 'evm custody: reorganisation deeper than the kept blocks');
    return first(lower(oldest, head), watched);
  }

  return {
    async follow(watched: WatchedAddresses): Promise<FollowResult> {
      const head = await o.client.getBlockNumber({ cacheTime: 0 });
      let tip = await o.repo.tip();
      if (tip) {
        tip = await commonAncestor(lower(tip.number, head), tip, head, watched);
      } else {
        const start = o.startBlock ?? head;
        if (start > head) return { tip: null, head };
        tip = await first(start, watched);
      }
      let followed = 0;
      let reorgs = 0;
      while (tip.number < head && followed < o.maxBlocksPerPoll) {
        const { block, deposits } = await depositsIn(tip.number + 1n, watched);
        if (block.parentHash !== tip.hash) {
          // Reorganised while we walked: settle on the ancestor and go on from there (the next poll, if it keeps moving).
          tip = await commonAncestor(tip.number, tip, head, watched);
          if (++reorgs >= 3) break;
          continue;
        }
        await o.repo.recordBlock(block, deposits);
        tip = block;
        followed++;
      }
      if (tip.number >= BigInt(o.keepBlocks)) await o.repo.pruneBelow(tip.number - BigInt(o.keepBlocks) + 1n);
      return { tip: tip.number, head };
    },
  };
}
