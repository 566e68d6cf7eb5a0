// What the chain shows, read straight from anvil: transactions in a block range, token transfers to an address.
import { createPublicClient, erc20Abi, http } from 'viem';
import { rpc } from '../../src/anvil';

export interface ChainTx {
  hash: `0x${string}`;
  from: `0x${string}`;
  to: `0x${string}` | null;
  value: bigint;
  input: `0x${string}`;
  blockNumber: bigint;
}

/** Every transaction in blocks [from, to] (a test chain has a few hundred blocks at most). */
export async function transactionsInBlocks(rpcUrl: string, from: bigint, to: bigint): Promise<ChainTx[]> {
  const out: ChainTx[] = [];
  for (let n = from; n <= to; n++) {
    const block = await rpc<{
      transactions: Array<{ hash: `0x${string}`; from: `0x${string}`; to: `0x${string}` | null; value: string; input: `0x${string}` }>;
    } | null>(rpcUrl, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
    for (const tx of block?.transactions ?? []) {
      out.push({ hash: tx.hash, from: tx.from, to: tx.to, value: BigInt(tx.value), input: tx.input, blockNumber: n });
    }
  }
  return out;
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** ERC-20 Transfer events of `contract` to `to` on the canonical chain. */
export async function tokenTransfersTo(rpcUrl: string, contract: `0x${string}`, to: `0x${string}`) {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const logs = await client.getContractEvents({ address: contract, abi: erc20Abi, eventName: 'Transfer', args: { to }, fromBlock: 0n, toBlock: 'latest' });
  return logs.map((l) => ({ txHash: l.transactionHash, from: l.args.from as `0x${string}`, value: l.args.value as bigint, blockNumber: l.blockNumber }));
}

export async function receiptOf(rpcUrl: string, hash: string): Promise<{ status: string; blockNumber: string; from: string; to: string | null } | null> {
  return rpc(rpcUrl, 'eth_getTransactionReceipt', [hash]);
}
