// The api's only view of the signer (issue 28): the request and answer shapes of its local HTTP interface and a
// small fetch client. No key material and no signing code live here; the api imports nothing else from `signer`.

export type EvmAsset = { kind: 'native' } | { kind: 'erc20'; contract: `0x${string}` };

export interface SignerPayoutRequest {
  idempotencyKey: string;
  asset: EvmAsset;
  to: `0x${string}`;
  /** Base units, integer string. */
  amount: string;
}

export interface SignerPayoutStatus {
  idempotencyKey: string;
  /**
   * sent: broadcast, no receipt on the canonical chain yet; mined: successful receipt on the canonical chain;
   * held: over a limit, nothing sent, waiting for an operator; rejected: never will be sent (bad request, reverted)
   */
  status: 'sent' | 'mined' | 'held' | 'rejected';
  /** The mined one when mined (a replacement may have won), else the latest broadcast. */
  txHash: `0x${string}` | null;
  /** When mined (decimal string). */
  blockNumber: string | null;
  reason: string | null;
}

export interface SignerSweepRequest {
  idempotencyKey: string;
  derivationIndex: number;
  asset: EvmAsset;
}

export interface SignerSweepStatus {
  idempotencyKey: string;
  status: 'sent' | 'mined' | 'held' | 'rejected' | 'nothing';
  txHashes: `0x${string}`[];
  reason: string | null;
}

export interface SignerHealth {
  hotWallet: `0x${string}`;
  chainId: number;
  nonce: number;
  pendingPayouts: number;
  heldPayouts: number;
  /** 'native' and each erc20 contract (lowercase) it has touched → base units. */
  balances: Record<string, string>;
}

export interface SignerClient {
  /** POST /v1/payouts (idempotent by key). */
  payout(req: SignerPayoutRequest): Promise<SignerPayoutStatus>;
  /** GET /v1/payouts/:key (404 → null). */
  payoutStatus(idempotencyKey: string): Promise<SignerPayoutStatus | null>;
  /** POST /v1/sweeps (idempotent by key). */
  sweep(req: SignerSweepRequest): Promise<SignerSweepStatus>;
  /** GET /v1/health. */
  health(): Promise<SignerHealth>;
}

/** The error body every refusal of the signer carries. */
export interface SignerErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

export function createSignerClient(opts: { url: string; token: string; timeoutMs?: number }): SignerClient {
  const base = opts.url.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 30_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, nullOn404 = false): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // fetch's own errors name the URL at most, never the headers
      throw new Error(`signer ${method} ${path} failed: ${(err as Error).message}`);
    }
    if (response.status === 404 && nullOn404) return null;
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as Partial<SignerErrorBody>;
        if (parsed.code || parsed.message) detail = `${parsed.code ?? 'error'}: ${parsed.message ?? ''}`;
      } catch {
        // not JSON: the raw start of the body
      }
      throw new Error(`signer ${method} ${path} answered ${response.status}: ${detail}`);
    }
    return JSON.parse(text) as T;
  }

  return {
    payout: async (req) => (await call<SignerPayoutStatus>('POST', '/v1/payouts', req)) as SignerPayoutStatus,
    payoutStatus: (key) => call<SignerPayoutStatus>('GET', `/v1/payouts/${encodeURIComponent(key)}`, undefined, true),
    sweep: async (req) => (await call<SignerSweepStatus>('POST', '/v1/sweeps', req)) as SignerSweepStatus,
    health: async () => (await call<SignerHealth>('GET', '/v1/health')) as SignerHealth,
  };
}
