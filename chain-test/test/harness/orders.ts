// Orders through the api's public HTTP API (spec §7): create, read back, and the lifecycle status an order's events
// show (lifecycle.ts: CREATION_END → DEPOSIT_REGISTERED → INCOMING_FUNDS_DETECTED → FUNDS_WITHDRAWAL_START → WITHDRAWAL_COMPLETED).
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';

export const INSTRUMENTS = {
  eth: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  usdterc20: { currencyTitle: 'USDT', networkTitle: 'ERC20' },
  usdcerc20: { currencyTitle: 'USDC', networkTitle: 'ERC20' },
} as const;

export type Slug = keyof typeof INSTRUMENTS;

export interface PublicOrder {
  orderId: string;
  orderEvents: Array<{ kind: string; reason?: string }>;
  orderDetails: { depositAddress: string; requiredConfirmations: number; confirmations: number; depositTxHash: string | null; payoutTxHash: string | null };
  claimedDepositAmount: string;
  amountToGet: string;
  withdrawals: Array<{ amount: string; txHash?: string }>;
  destinationAddress: string;
}

export type OrderState = 'AWAITING_DEPOSIT' | 'CONFIRMING' | 'EXCHANGING' | 'WITHDRAWING' | 'COMPLETED' | 'OTHER';

/** A fresh address nobody holds funds at (a customer's destination). */
export const freshAddress = (): `0x${string}` => privateKeyToAddress(generatePrivateKey());

export async function createOrder(apiUrl: string, o: { from: Slug; to: Slug; amount: string; destination: string }): Promise<PublicOrder> {
  const res = await fetch(`${apiUrl}/api/v1/orders/public/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rateMode: 'FLOATING',
      // the widest slippage (issue 29): blocks are mined at the test's pace while the sandbox market walks on, and these
      // cases are about the chain, not about a rate stop
      maxSlippage: '0.05',
      instrumentFrom: INSTRUMENTS[o.from],
      instrumentTo: INSTRUMENTS[o.to],
      destinationAddress: o.destination,
      claimedDepositAmount: o.amount,
      browserFingerprint: 'chain-test',
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`create ${o.from}→${o.to}: ${res.status} ${text}`);
  return JSON.parse(text) as PublicOrder;
}

export async function getOrder(apiUrl: string, order: { orderId: string; destinationAddress: string }): Promise<PublicOrder> {
  const query = new URLSearchParams({ orderId: order.orderId, destinationAddress: order.destinationAddress });
  const res = await fetch(`${apiUrl}/api/v1/orders/public-info?${query}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`order ${order.orderId}: ${res.status} ${text}`);
  return JSON.parse(text) as PublicOrder;
}

const STATE_BY_EVENT: Array<[string, OrderState]> = [
  ['WITHDRAWAL_COMPLETED', 'COMPLETED'],
  ['FUNDS_WITHDRAWAL_START', 'WITHDRAWING'],
  ['INCOMING_FUNDS_DETECTED', 'EXCHANGING'],
  ['DEPOSIT_REGISTERED', 'CONFIRMING'],
  ['CREATION_END', 'AWAITING_DEPOSIT'],
];

/** The status the order's events show; OTHER for an off-path event (refund, hold, fixed-rate problem). */
export function stateOf(order: PublicOrder): OrderState {
  const kinds = new Set(order.orderEvents.map((e) => e.kind));
  const offPath = order.orderEvents.some((e) => !STATE_BY_EVENT.some(([kind]) => kind === e.kind));
  if (offPath) return 'OTHER';
  for (const [kind, state] of STATE_BY_EVENT) if (kinds.has(kind)) return state;
  return 'OTHER';
}

/** One line for error messages: the state, confirmations, hashes and events. */
export function describe(order: PublicOrder): string {
  const d = order.orderDetails;
  return `${order.orderId} ${stateOf(order)} conf ${d.confirmations}/${d.requiredConfirmations} deposit ${d.depositTxHash} payout ${d.payoutTxHash} events ${order.orderEvents.map((e) => e.kind + (e.reason ? `(${e.reason})` : '')).join(',')}`;
}
