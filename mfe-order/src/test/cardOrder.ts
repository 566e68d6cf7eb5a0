// A card purchase (issue 12, §4 card flow): US dollars by card → BTC, paid on the sandbox provider's payment page.
import type { Instrument, Order, OrderEventKind } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { BTC, CATALOGUE } from './instruments';

/** The card USD instrument as the api lists it (api/src/modules/instruments/catalogue.ts). */
export const CARD_USD: Instrument = {
  currencyTitle: 'USD',
  networkTitle: 'CARD',
  slug: 'usd',
  bestChangeName: 'CARDUSD',
  currencyFriendlyTitle: 'US Dollar (card)',
  currencyLogoLink: '/static/coins/usd.svg',
  instrumentType: 'fiat',
  requiresMemo: false,
  precisionDecimals: 2,
  provider: 'CARD',
  isActive: true,
};

export const CARD_CATALOGUE: Instrument[] = [...CATALOGUE, CARD_USD];

export const PAYMENT_URL = '/api/v1/sandbox/liquidity-providers/sandbox/payments/pay1';

type CardPayment = NonNullable<Order['orderDetails']['cardPayment']>;

/**
 * A card order with the given event kinds and card payment (pending by default): no deposit address, the payment
 * page as its redirectUrl. `over` replaces any member.
 */
export function cardOrderWith(kinds: OrderEventKind[], payment: Partial<CardPayment> = {}, over: Partial<Order> = {}): Order {
  const base = orderWith(kinds);
  return {
    ...base,
    orderEvents: base.orderEvents.map((e) =>
      e.kind === 'CARD_PAYMENT_DECLINED' ? { ...e, reason: 'CARD_PAYMENT_DECLINED', nextStep: 'CREATE_NEW_ORDER' } : e,
    ),
    pair: {
      instrumentFrom: { currencyTitle: 'USD', networkTitle: 'CARD', slug: 'usd' },
      instrumentTo: { currencyTitle: BTC.currencyTitle, networkTitle: BTC.networkTitle, slug: BTC.slug },
    },
    claimedDepositAmount: '150',
    amountToGet: '0.0015',
    destinationAddress: 'bc1qdestination',
    orderDetails: {
      ...base.orderDetails,
      depositAddress: '',
      requiredConfirmations: 0,
      cardPayment: { provider: 'sandbox', status: 'PENDING', declineReason: null, ...payment },
    },
    redirectUrl: PAYMENT_URL,
    ...over,
  };
}

/** The card payment the sandbox declines (test card 4000 0000 0000 0002). */
export const declinedCardOrder = () =>
  cardOrderWith(['CREATION_END', 'CARD_PAYMENT_DECLINED'], { status: 'DECLINED', declineReason: 'Card declined by the issuer' });
