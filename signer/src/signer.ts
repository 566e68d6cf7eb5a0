// Wires a configured signer: journal → ledger, chain, hot wallet, payouts, sweeps, the HTTP server and the replacement
// loop. main.ts runs it as a process; the chain tests run it in-process too.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import { EvmChain, shortMessage } from './chain/chain';
import type { SignerHealth } from './client';
import type { SignerConfig } from './config';
import { createSignerServer, registerSignerRoutes } from './http/server';
import { type Journal, openJournal } from './journal/journal';
import { type JournalEntry, Ledger } from './journal/ledger';
import { type Log, Payouts } from './payouts/payouts';
import { SerialLock } from './serialLock';
import { Sweeps } from './sweeps/sweeps';

export interface Signer {
  readonly app: FastifyInstance;
  readonly hotWallet: `0x${string}`;
  /** Listens on config.host/config.port and starts the replacement loop; resolves to the base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
  health(): Promise<SignerHealth>;
}

export interface CreateSignerOptions {
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** How long a sweep call waits for its gas top-up to be mined (default 10 s). */
  topupWaitMs?: number;
}

export class SignerStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignerStartError';
  }
}

export async function createSigner(config: SignerConfig, options: CreateSignerOptions = {}): Promise<Signer> {
  const now = options.now ?? (() => new Date());
  const journal: Journal<JournalEntry> = openJournal<JournalEntry>(config.journalPath);
  const ledger = new Ledger(journal);
  const chain = new EvmChain(config.rpcUrl, config.chainId);
  const hot = privateKeyToAccount(config.hotKey);
  const hotLock = new SerialLock();

  const app = createSignerServer(options.logger ?? false);
  const log: Log = app.log;

  const payouts = new Payouts({
    ledger,
    chain,
    hot,
    hotLock,
    limits: config.limits,
    replaceAfterMs: config.replaceAfterMs,
    crashAfterSign: config.fault === 'crash-after-sign',
    now,
    log,
  });
  const sweeps = new Sweeps({
    ledger,
    chain,
    hot,
    hotLock,
    limits: config.limits,
    depositXprv: config.depositXprv,
    gasTopup: config.sweepGasTopup,
    topupWaitMs: options.topupWaitMs ?? 10_000,
    now,
    log,
  });

  async function health(): Promise<SignerHealth> {
    const balances: Record<string, string> = {};
    const [nonce, native] = await Promise.all([chain.nextNonce(hot.address, ledger.highestJournaledNonce(hot.address)), chain.nativeBalance(hot.address)]);
    balances.native = native.toString();
    for (const asset of config.limits.keys()) {
      if (asset !== 'native') balances[asset] = (await chain.tokenBalance(asset as `0x${string}`, hot.address)).toString();
    }
    return { hotWallet: hot.address, chainId: config.chainId, nonce, pendingPayouts: payouts.pendingCount(), heldPayouts: payouts.heldCount(), balances };
  }

  registerSignerRoutes(app, { token: config.token, adminToken: config.adminToken, payouts, sweeps, health });

  try {
    const nodeChainId = await chain.nodeChainId();
    if (nodeChainId !== config.chainId) {
      journal.close();
      throw new SignerStartError(`SIGNER_CHAIN_ID is ${config.chainId} but the node at SIGNER_RPC_URL is on chain ${nodeChainId}`);
    }
  } catch (err) {
    if (err instanceof SignerStartError) throw err;
    log.warn({ err: shortMessage(err) }, 'the node is not reachable yet: journaled transactions go out once it is');
  }

  let loop: NodeJS.Timeout | null = null;
  let tick: Promise<void> = Promise.resolve();
  let stopped = false;
  const loopEveryMs = Math.min(5_000, Math.max(50, Math.floor(config.replaceAfterMs / 4)));
  const schedule = () => {
    loop = setTimeout(() => {
      tick = payouts.replaceStuck().finally(() => {
        if (!stopped) schedule();
      });
    }, loopEveryMs);
  };

  return {
    app,
    hotWallet: hot.address,
    health,
    async start() {
      await Promise.all([payouts.resume(), sweeps.resume()]);
      const url = await app.listen({ host: config.host, port: config.port });
      schedule();
      return url;
    },
    async stop() {
      stopped = true;
      if (loop) clearTimeout(loop);
      await tick;
      await app.close();
      journal.close();
    },
  };
}
