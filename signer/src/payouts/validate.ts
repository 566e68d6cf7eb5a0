// What makes a well-formed payout request unpayable, ever: the answer is `rejected`, journaled under its key.
import { isAddress, zeroAddress } from 'viem';
import type { EvmAsset, SignerPayoutRequest } from '../client';
import { assetId, type Limits } from '../limits/limits';

export function payoutRefusal(req: SignerPayoutRequest, limits: Limits): string | null {
  if (!isAddress(req.to)) return 'invalid destination address';
  if (req.to.toLowerCase() === zeroAddress) return 'zero address destination';
  if (!/^\d+$/.test(req.amount) || BigInt(req.amount) <= 0n) return 'amount must be a positive integer of base units';
  if (req.asset.kind === 'erc20' && !isAddress(req.asset.contract, { strict: false })) return 'invalid token contract address';
  if (!limits.has(assetId(req.asset))) return 'unknown asset (no limit configured for it)';
  return null;
}

/** Whether a repeated key carries the same request as the journaled one (addresses compared case-insensitively). */
export function samePayout(a: { asset: EvmAsset; to: string; amount: string }, b: { asset: EvmAsset; to: string; amount: string }): boolean {
  if (assetId(a.asset) !== assetId(b.asset) || a.to.toLowerCase() !== b.to.toLowerCase()) return false;
  const amount = (s: string) => (/^\d+$/.test(s) ? BigInt(s).toString() : s);
  return amount(a.amount) === amount(b.amount);
}
