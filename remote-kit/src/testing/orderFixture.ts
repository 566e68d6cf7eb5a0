import type { Order, OrderEventKind } from 'shared-contracts';

/** A sample Order (BTC → ETH, floating rate) with the given event kinds; `over` replaces any member. */

export function orderWith(kinds: OrderEventKind[], over: Partial<Order> = {}): Order {
  return {
    orderId: 'ord1',
    status: 'AWAITING_DEPOSIT',
    orderEvents: kinds.map((kind, i) => ({ kind, createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString() })),
    orderDetails: {
      depositAddress: 'bc1qdepositaddress000000000000000000000',
      depositAddressMemo: null,
      requiredConfirmations: 2,
      confirmations: 0,
      depositTxHash: null,
      payoutTxHash: null,
      fixedRateExpiresAt: null,
    },
    pair: {
      instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
      instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH', slug: 'eth' },
    },
    claimedDepositAmount: '0.1',
    claimedPublicRate: {
      price: '20',
      finalNetworkFeeAmount: '0.002',
      platformFee_Absolute: '0.001',
      quotes: { buyQuote: { quoteValue: '20' }, sellQuote: { quoteValue: '0.05' } },
      updatedAt: '2030-01-01T00:00:00.000Z',
      claimedAmountToReceive: '1.997',
    },
    claimedNetworkFee: '0.002',
    deposits: [],
    withdrawals: [],
    amountToGet: '1.997',
    createdAt: '2030-01-01T00:00:00.000Z',
    userEmail: null,
    rateMode: 'FLOATING',
    destinationAddress: '0xdest',
    destinationAddressMemo: null,
    refundAddress: null,
    refundAddressMemo: null,
    legacyOrderId: null,
    referrerId: null,
    ...over,
  };
}
