// Issue 28: the custody the api runs with, from the configuration: the sandbox chain for every network
// (CUSTODY_ADAPTER=sandbox, the default for `pnpm start`), or the real EVM adapter for its coin and tokens routed
// beside the sandbox (which serves the rest only while SANDBOX_MODE is on).
import type { FastifyBaseLogger } from 'fastify';
import { createSignerClient } from 'signer/client';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { InstrumentRecord } from '../../modules/instruments';
import { createEvmCustody, type EvmCustodyHealth } from './evm';
import { createRoutedCustody } from './routed';
import { createSandboxCustody } from './sandbox';
import type { CustodyAdapter, DepositSink } from './types';

export interface CustodyRuntime {
  custody: CustodyAdapter;
  /** A real chain's follower: started with the orders' deposit sink when the app is ready, stopped when it closes. */
  chain: { start(sink: DepositSink): void; stop(): Promise<void>; health(): Promise<EvmCustodyHealth> } | null;
}

export function createCustody(
  config: Pick<Config, 'evmCustody' | 'sandboxMode' | 'confirmationIntervalMs' | 'money'>,
  deps: { db: DbHandle; instrument: (slug: string) => InstrumentRecord; log: FastifyBaseLogger },
): CustodyRuntime {
  const sandbox = createSandboxCustody({
    confirmationIntervalMs: config.confirmationIntervalMs,
    withdrawalFailureRate: config.money.sandboxWithdrawalFailureRate,
  });
  const evm = config.evmCustody;
  if (!evm) return { custody: sandbox, chain: null };
  const chain = createEvmCustody({
    rpcUrl: evm.rpcUrl,
    chainId: evm.chainId,
    depositXpub: evm.depositXpub,
    nativeSlug: evm.nativeSlug,
    tokens: evm.tokens,
    pollMs: evm.pollMs,
    ...(evm.startBlock !== undefined ? { startBlock: evm.startBlock } : {}),
    signer: createSignerClient({ url: evm.signerUrl, token: evm.signerToken }),
    db: deps.db,
    instrument: deps.instrument,
    log: deps.log.child({ custody: 'evm' }),
  });
  return { custody: createRoutedCustody(chain, sandbox, { sandboxMode: config.sandboxMode }), chain };
}
