// The EVM adapter's tables (migration 0027): deposit addresses, the followed blocks, the deposits and their sweeps.
// Block numbers and amounts travel as decimal strings (bigint in the code), never as JS numbers.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/client';
import { queryOf, rowsOf, type Tx } from '../../../db/query';

export interface StoredBlock {
  number: bigint;
  hash: `0x${string}`;
  parentHash: `0x${string}`;
}

/** A transfer to a deposit address as found in a block (log_index -1 = a native transfer). */
export interface FoundDeposit {
  txHash: string;
  logIndex: number;
  orderId: string;
  slug: string;
  address: string;
  amount: bigint;
}

export interface DepositRow {
  txHash: string;
  logIndex: number;
  orderId: string;
  slug: string;
  amount: bigint;
  /** null while in no canonical block. */
  blockNumber: bigint | null;
}

export interface SweepCandidate {
  txHash: string;
  logIndex: number;
  slug: string;
  derivationIndex: number;
}

export type SweepStatus = 'sent' | 'mined' | 'held' | 'rejected' | 'nothing';

interface RawDeposit {
  tx_hash: string;
  log_index: number;
  order_id: string;
  slug: string;
  amount: string;
  block_number: string | null;
}

const toDeposit = (r: RawDeposit): DepositRow => ({
  txHash: r.tx_hash,
  logIndex: Number(r.log_index),
  orderId: r.order_id,
  slug: r.slug,
  amount: BigInt(r.amount),
  blockNumber: r.block_number === null ? null : BigInt(r.block_number),
});

export function createEvmRepo(handle: DbHandle, chainId: number) {
  const query = queryOf(handle);

  async function upsertDeposit(tx: Tx, d: FoundDeposit, block: StoredBlock) {
    await tx.execute(sql`
      INSERT INTO evm_deposits (chain_id, tx_hash, log_index, order_id, slug, address, amount, block_number, block_hash)
      VALUES (${chainId}, ${d.txHash}, ${d.logIndex}, ${d.orderId}, ${d.slug}, ${d.address}, ${d.amount.toString()}::numeric,
              ${block.number.toString()}::bigint, ${block.hash})
      ON CONFLICT (chain_id, tx_hash, log_index)
      DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`);
  }

  async function depositAddressOf(orderId: string): Promise<{ address: string; derivationIndex: number } | null> {
    const [row] = await query<{ address: string; derivation_index: number }>(
      'SELECT address, derivation_index FROM evm_deposit_addresses WHERE order_id = $1',
      [orderId],
    );
    return row ? { address: row.address, derivationIndex: Number(row.derivation_index) } : null;
  }

  return {
    depositAddressOf,

    /** The next unused index: a sequence value is never handed out twice, whatever happens to the insert. */
    async nextDerivationIndex(): Promise<number> {
      const [row] = await query<{ i: string }>(`SELECT nextval('evm_derivation_index_seq')::text AS i`);
      return Number(row.i);
    },

    /** Stores the order's address; when another call stored one first, that one wins and is returned. */
    async insertDepositAddress(a: { orderId: string; derivationIndex: number; address: string; slug: string }) {
      await query(
        `INSERT INTO evm_deposit_addresses (order_id, derivation_index, address, slug) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id) DO NOTHING`,
        [a.orderId, a.derivationIndex, a.address, a.slug],
      );
      const stored = await depositAddressOf(a.orderId);
      if (!stored) throw new Error(`deposit address of ${a.orderId} vanished`);
      return stored;
    },

    /** The follower's cursor: the highest block it stored. */
    async tip(): Promise<StoredBlock | null> {
      // (Not `number::text AS number`: ORDER BY would sort that text column, "9" above "10".)
      const [row] = await query<{ n: string; hash: `0x${string}`; parent_hash: `0x${string}` }>(
        'SELECT number::text AS n, hash, parent_hash FROM evm_blocks WHERE chain_id = $1 ORDER BY number DESC LIMIT 1',
        [chainId],
      );
      return row ? { number: BigInt(row.n), hash: row.hash, parentHash: row.parent_hash } : null;
    },

    async oldestBlockNumber(): Promise<bigint | null> {
      const [row] = await query<{ n: string | null }>('SELECT min(number)::text AS n FROM evm_blocks WHERE chain_id = $1', [chainId]);
      return row?.n == null ? null : BigInt(row.n);
    },

    async blockAt(n: bigint): Promise<StoredBlock | null> {
      const [row] = await query<{ hash: `0x${string}`; parent_hash: `0x${string}` }>(
        'SELECT hash, parent_hash FROM evm_blocks WHERE chain_id = $1 AND number = $2::bigint',
        [chainId, n.toString()],
      );
      return row ? { number: n, hash: row.hash, parentHash: row.parent_hash } : null;
    },

    /** A reorganisation: blocks above the common ancestor are forgotten and their deposits are in no block. */
    async orphanAbove(ancestor: bigint): Promise<number> {
      const n = ancestor.toString();
      return handle.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM evm_blocks WHERE chain_id = ${chainId} AND number > ${n}::bigint`);
        const orphaned = await rowsOf<{ tx_hash: string }>(
          tx,
          sql`UPDATE evm_deposits SET block_number = NULL, block_hash = NULL
               WHERE chain_id = ${chainId} AND block_number > ${n}::bigint RETURNING tx_hash`,
        );
        return orphaned.length;
      });
    },

    /** One followed block and the deposits found in it, together. */
    async recordBlock(block: StoredBlock, deposits: readonly FoundDeposit[]): Promise<void> {
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO evm_blocks (chain_id, number, hash, parent_hash)
          VALUES (${chainId}, ${block.number.toString()}::bigint, ${block.hash}, ${block.parentHash})
          ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash, seen_at = now()`);
        for (const d of deposits) await upsertDeposit(tx, d, block);
      });
    },

    async pruneBelow(n: bigint): Promise<void> {
      await query('DELETE FROM evm_blocks WHERE chain_id = $1 AND number < $2::bigint', [chainId, n.toString()]);
    },

    async depositsOfOrders(orderIds: readonly string[]): Promise<DepositRow[]> {
      if (orderIds.length === 0) return [];
      const rows = await query<RawDeposit>(
        `SELECT tx_hash, log_index, order_id, slug, amount::text AS amount, block_number::text AS block_number
           FROM evm_deposits WHERE chain_id = $1 AND order_id = ANY($2::text[]) ORDER BY first_seen_at, tx_hash, log_index`,
        [chainId, [...orderIds]],
      );
      return rows.map(toDeposit);
    },

    /** Deposits of `slug` in a canonical block at or below `maxBlock` whose sweep is not settled, least recently asked first. */
    async unsweptDeposits(slug: string, maxBlock: bigint, limit: number): Promise<SweepCandidate[]> {
      const rows = await query<{ tx_hash: string; log_index: number; slug: string; derivation_index: number }>(
        `SELECT d.tx_hash, d.log_index, d.slug, a.derivation_index
           FROM evm_deposits d JOIN evm_deposit_addresses a ON a.order_id = d.order_id
          WHERE d.chain_id = $1 AND d.slug = $2 AND d.block_number IS NOT NULL AND d.block_number <= $3::bigint
            AND (d.sweep_status IS NULL OR d.sweep_status IN ('sent', 'held'))
          ORDER BY d.sweep_checked_at NULLS FIRST, d.block_number
          LIMIT $4`,
        [chainId, slug, maxBlock.toString(), limit],
      );
      return rows.map((r) => ({ txHash: r.tx_hash, logIndex: Number(r.log_index), slug: r.slug, derivationIndex: Number(r.derivation_index) }));
    },

    async recordSweep(txHash: string, logIndex: number, s: { status: SweepStatus; txHashes: readonly string[]; reason: string | null }) {
      await query(
        `UPDATE evm_deposits SET sweep_status = $4, sweep_tx_hashes = $5::jsonb, sweep_reason = $6, sweep_checked_at = now()
          WHERE chain_id = $1 AND tx_hash = $2 AND log_index = $3`,
        [chainId, txHash, logIndex, s.status, JSON.stringify(s.txHashes), s.reason],
      );
    },
  };
}

export type EvmRepo = ReturnType<typeof createEvmRepo>;
