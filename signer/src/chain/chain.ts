// The signer's JSON-RPC view of the chain (viem) and its local EIP-1559 signing. Errors carry viem's short message only:
// its long messages repeat the request (and an RPC URL may hold a provider's API key).
import {
  type Chain,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type HttpTransport,
  http,
  keccak256,
  type LocalAccount,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { SignedTx } from '../journal/ledger';

/** A JSON-RPC call failed (node down, refused, reverted estimate): nothing was journaled, the caller may retry. */
export class ChainUnavailable extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${shortMessage(cause)}`);
    this.name = 'ChainUnavailable';
  }
}

export function shortMessage(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  return (e?.shortMessage ?? e?.message ?? String(err)).split('\n')[0].slice(0, 200);
}

export interface Call {
  to: `0x${string}`;
  value: bigint;
  data?: `0x${string}`;
}

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface Receipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
}

export function erc20TransferCall(contract: `0x${string}`, to: `0x${string}`, amount: bigint): Call {
  return { to: contract, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) };
}

export class EvmChain {
  readonly client: PublicClient<HttpTransport, Chain>;
  readonly chain: Chain;

  constructor(
    rpcUrl: string,
    readonly chainId: number,
  ) {
    this.chain = defineChain({
      id: chainId,
      name: `evm-${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    this.client = createPublicClient({ chain: this.chain, transport: http(rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  }

  private async rpc<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw new ChainUnavailable(what, err);
    }
  }

  nodeChainId(): Promise<number> {
    return this.rpc('eth_chainId', () => this.client.getChainId());
  }

  fees(): Promise<Fees> {
    return this.rpc('fee estimate', async () => {
      const { maxFeePerGas, maxPriorityFeePerGas } = await this.client.estimateFeesPerGas({ type: 'eip1559' });
      return { maxFeePerGas, maxPriorityFeePerGas };
    });
  }

  estimateGas(from: `0x${string}`, call: Call): Promise<bigint> {
    return this.rpc('gas estimate', () => this.client.estimateGas({ account: from, to: call.to, value: call.value, data: call.data }));
  }

  pendingNonce(address: `0x${string}`): Promise<number> {
    return this.rpc('nonce', () => this.client.getTransactionCount({ address, blockTag: 'pending' }));
  }

  /** The transaction's receipt on the canonical chain now, or null. */
  receipt(hash: `0x${string}`): Promise<Receipt | null> {
    return this.rpc('receipt', async () => {
      try {
        const r = await this.client.getTransactionReceipt({ hash });
        return { status: r.status, blockNumber: r.blockNumber };
      } catch (err) {
        if (err instanceof TransactionReceiptNotFoundError) return null;
        throw err;
      }
    });
  }

  /** Whether the node knows the transaction at all (mined or in its pool). */
  knows(hash: `0x${string}`): Promise<boolean> {
    return this.rpc('transaction', async () => {
      try {
        await this.client.getTransaction({ hash });
        return true;
      } catch (err) {
        if (err instanceof TransactionNotFoundError) return false;
        throw err;
      }
    });
  }

  broadcast(raw: `0x${string}`): Promise<void> {
    return this.rpc('broadcast', async () => {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    });
  }

  nativeBalance(address: `0x${string}`): Promise<bigint> {
    return this.rpc('balance', () => this.client.getBalance({ address }));
  }

  tokenBalance(contract: `0x${string}`, address: `0x${string}`): Promise<bigint> {
    return this.rpc('token balance', () => this.client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [address] }));
  }

  /** Signs locally (the key never leaves `account`); returns the journal form. */
  async sign(account: LocalAccount, call: Call, nonce: number, gas: bigint, fees: Fees, now: Date): Promise<SignedTx> {
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce,
      to: call.to,
      value: call.value,
      data: call.data,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return {
      hash: keccak256(raw),
      raw,
      from: account.address,
      nonce,
      gas: gas.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      signedAt: now.toISOString(),
    };
  }

  /** The next nonce for `address`: past both the node's pending count and everything this signer journaled. */
  async nextNonce(address: `0x${string}`, highestJournaled: number): Promise<number> {
    return Math.max(await this.pendingNonce(address), highestJournaled + 1);
  }
}
