// The signer's environment → its configuration. Every refusal names the variable, never its value: keys and tokens
// must not reach a log even when they are malformed.
import { readFileSync } from 'node:fs';
import { HDKey } from '@scure/bip32';
import { type Limits, parseLimits } from './limits/limits';

type SignerFault = 'crash-after-sign';

export interface SignerConfig {
  host: string;
  port: number;
  token: string;
  /** Admin routes (release of held payouts) exist only when this is set; never equal to `token`. */
  adminToken: string | null;
  hotKey: `0x${string}`;
  /** The deposit account's extended private key (BIP-44 m/44'/60'/0'); null: sweeps are refused. */
  depositXprv: string | null;
  rpcUrl: string;
  chainId: number;
  journalPath: string;
  limits: Limits;
  replaceAfterMs: number;
  /** Fixed top-up (wei) for an ERC-20 deposit address that lacks gas; null: what the transfer needs. */
  sweepGasTopup: bigint | null;
  fault: SignerFault | null;
}

export class SignerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignerConfigError';
  }
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/;

type Env = Record<string, string | undefined>;

/** A secret from `NAME` or from the file `NAME_FILE` (trimmed), never both. */
function secret(env: Env, name: string, readFile: (path: string) => string): string | null {
  const direct = env[name]?.trim();
  const file = env[`${name}_FILE`]?.trim();
  if (direct && file) throw new SignerConfigError(`set either ${name} or ${name}_FILE, not both`);
  if (direct) return direct;
  if (!file) return null;
  try {
    return readFile(file).trim();
  } catch (err) {
    throw new SignerConfigError(`${name}_FILE could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function required(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new SignerConfigError(`${name} is required`);
  return value;
}

function integer(env: Env, name: string, fallback: number | null, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) {
    if (fallback === null) throw new SignerConfigError(`${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new SignerConfigError(`${name} must be an integer ≥ ${min}`);
  }
  return Number(raw);
}

export function readSignerConfig(env: Env = process.env, readFile: (path: string) => string = (p) => readFileSync(p, 'utf8')): SignerConfig {
  const host = env.SIGNER_HOST?.trim() || '127.0.0.1';
  if (!LOOPBACK.test(host) && env.SIGNER_ALLOW_REMOTE !== 'true') {
    throw new SignerConfigError('SIGNER_HOST must be a loopback address (set SIGNER_ALLOW_REMOTE=true to listen elsewhere)');
  }
  const port = integer(env, 'SIGNER_PORT', 8600, 0);
  if (port > 65535) throw new SignerConfigError('SIGNER_PORT must be a port number');

  const token = required(env, 'SIGNER_TOKEN');
  if (token.length < 32) throw new SignerConfigError('SIGNER_TOKEN must be at least 32 characters');
  const adminToken = env.SIGNER_ADMIN_TOKEN?.trim() || null;
  if (adminToken !== null && adminToken.length < 32) throw new SignerConfigError('SIGNER_ADMIN_TOKEN must be at least 32 characters');
  if (adminToken !== null && adminToken === token) throw new SignerConfigError('SIGNER_ADMIN_TOKEN must differ from SIGNER_TOKEN');

  const hotKey = secret(env, 'SIGNER_HOT_KEY', readFile);
  if (!hotKey) throw new SignerConfigError('SIGNER_HOT_KEY or SIGNER_HOT_KEY_FILE is required');
  if (!/^0x[0-9a-fA-F]{64}$/.test(hotKey)) throw new SignerConfigError('SIGNER_HOT_KEY must be a 0x-prefixed 32-byte hex private key');

  const depositXprv = secret(env, 'SIGNER_DEPOSIT_XPRV', readFile);
  if (depositXprv !== null) {
    let key: HDKey;
    try {
      key = HDKey.fromExtendedKey(depositXprv);
    } catch {
      throw new SignerConfigError('SIGNER_DEPOSIT_XPRV is not a valid extended key');
    }
    if (!key.privateKey) throw new SignerConfigError('SIGNER_DEPOSIT_XPRV must be an extended PRIVATE key (xprv), not an xpub');
  }

  const rpcUrl = required(env, 'SIGNER_RPC_URL');
  if (!URL.canParse(rpcUrl) || !/^https?:$/.test(new URL(rpcUrl).protocol)) throw new SignerConfigError('SIGNER_RPC_URL must be an http(s) URL');
  const chainId = integer(env, 'SIGNER_CHAIN_ID', null, 1);
  const journalPath = required(env, 'SIGNER_JOURNAL');

  let limits: Limits;
  try {
    limits = parseLimits(required(env, 'SIGNER_LIMITS'));
  } catch (err) {
    if (err instanceof SignerConfigError) throw err;
    throw new SignerConfigError(`SIGNER_LIMITS: ${(err as Error).message}`);
  }

  const replaceAfterMs = integer(env, 'SIGNER_REPLACE_AFTER_MS', 60_000, 1);
  const topupRaw = env.SIGNER_SWEEP_GAS_TOPUP?.trim();
  if (topupRaw && !/^[1-9]\d*$/.test(topupRaw)) throw new SignerConfigError('SIGNER_SWEEP_GAS_TOPUP must be a positive integer (wei)');
  const sweepGasTopup = topupRaw ? BigInt(topupRaw) : null;

  const faultRaw = env.SIGNER_FAULT?.trim() || null;
  if (faultRaw !== null && faultRaw !== 'crash-after-sign') throw new SignerConfigError('SIGNER_FAULT must be crash-after-sign (tests only)');
  if (faultRaw !== null && env.NODE_ENV === 'production') throw new SignerConfigError('SIGNER_FAULT is refused with NODE_ENV=production');

  return {
    host,
    port,
    token,
    adminToken,
    hotKey: hotKey as `0x${string}`,
    depositXprv,
    rpcUrl,
    chainId,
    journalPath,
    limits,
    replaceAfterMs,
    sweepGasTopup,
    fault: faultRaw,
  };
}
