import type { OrderEventKind } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { cardOrderWith } from '../../test/cardOrder';
import {
  displayedOrderState,
  isAwaitingCardPayment,
  isCardOrder,
  isCardPaymentDeclined,
  isOnHold,
  isRateChangedWarningOpen,
  isRateWarningShown,
  orderStepper,
  progressStepIndex,
  shouldKeepPolling,
} from './orderProgress';

const ev = (...kinds: OrderEventKind[]) => kinds.map((kind) => ({ kind }));

describe('§4 progress step index', () => {
  it.each([
    [[], 0],
    [['CREATION_END'], 1],
    [['CREATION_END', 'DEPOSIT_REGISTERED'], 1],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED'], 2],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START'], 2],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], 3],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'REFUND_REQUESTED', 'REFUND_COMPLETED'], 4],
    // highest wins whatever the order of the list
    [['REFUND_COMPLETED', 'CREATION_END'], 4],
    [['WITHDRAWAL_COMPLETED', 'INCOMING_FUNDS_DETECTED'], 3],
  ] as [OrderEventKind[], number][])('%j → %i', (kinds, step) => {
    expect(progressStepIndex(ev(...kinds))).toBe(step);
  });
});

describe('§4 displayed order state', () => {
  it.each([
    [[], 'CLEARED'],
    [['CREATION_END'], 'CREATION_END'],
    [['CREATION_END', 'DEPOSIT_REGISTERED'], 'DEPOSIT_REGISTERED'],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START'], 'FUNDS_WITHDRAWAL_START'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], 'WITHDRAWAL_COMPLETED'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED'], 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED'],
    // REFUND_REQUESTED beats everything but REFUND_COMPLETED
    [['CREATION_END', 'FIXED_RATE_SLOW_DEPOSIT_DETECTED', 'REFUND_REQUESTED'], 'REFUND_REQUESTED'],
    [['REFUND_COMPLETED', 'REFUND_REQUESTED', 'WITHDRAWAL_COMPLETED'], 'REFUND_COMPLETED'],
    [['CREATION_END', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'RATE_MODE_CHANGED'], 'RATE_MODE_CHANGED'],
    [['CREATION_END', 'RATE_MODE_CHANGED', 'RATE_MODE_CHANGE_ACCEPTED'], 'RATE_MODE_CHANGE_ACCEPTED'],
    [['CREATION_END', 'RATE_MODE_CHANGED', 'RATE_MODE_CHANGE_ACCEPTED', 'FUNDS_WITHDRAWAL_START'], 'FUNDS_WITHDRAWAL_START'],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'], 'DEPOSIT_ON_HOLD'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD', 'REFUND_REQUESTED'], 'REFUND_REQUESTED'],
    // issue 12: a declined card payment ends the order and wins over everything
    [['CREATION_END', 'CARD_PAYMENT_DECLINED'], 'CARD_PAYMENT_DECLINED'],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'CARD_PAYMENT_DECLINED'], 'CARD_PAYMENT_DECLINED'],
    [['CARD_PAYMENT_DECLINED', 'REFUND_REQUESTED', 'REFUND_COMPLETED'], 'CARD_PAYMENT_DECLINED'],
  ] as [OrderEventKind[], string][])('%j → %s', (kinds, state) => {
    expect(displayedOrderState(ev(...kinds))).toBe(state);
  });
});

describe('§4 warnings', () => {
  it('rate-changed warning: RATE_MODE_CHANGED without refund request or acceptance', () => {
    expect(isRateChangedWarningOpen(ev('CREATION_END'))).toBe(false);
    expect(isRateChangedWarningOpen(ev('RATE_MODE_CHANGED'))).toBe(true);
    expect(isRateChangedWarningOpen(ev('RATE_MODE_CHANGED', 'REFUND_REQUESTED'))).toBe(false);
    expect(isRateChangedWarningOpen(ev('RATE_MODE_CHANGED', 'RATE_MODE_CHANGE_ACCEPTED'))).toBe(false);
  });

  it.each([
    'FIXED_RATE_HIGH_VOLATILITY_DETECTED',
    'FIXED_RATE_SLOW_DEPOSIT_DETECTED',
    'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED',
    // issue 29: a floating order stopped past its maximum slippage offers the same choice
    'FLOATING_RATE_SLIPPAGE_EXCEEDED',
  ] as const)('rate warning for %s until a refund request or acceptance', (problem) => {
    expect(isRateWarningShown(ev('CREATION_END', problem))).toBe(true);
    expect(isRateWarningShown(ev('CREATION_END', problem, 'REFUND_REQUESTED'))).toBe(false);
    expect(isRateWarningShown(ev('CREATION_END', problem, 'RATE_MODE_CHANGED', 'RATE_MODE_CHANGE_ACCEPTED'))).toBe(false);
  });

  it('a floating order past its maximum slippage shows that state, and its step waits for the customer (issue 29)', () => {
    const slipped = ev('CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FLOATING_RATE_SLIPPAGE_EXCEEDED', 'RATE_MODE_CHANGED');
    expect(displayedOrderState(slipped.filter((e) => e.kind !== 'RATE_MODE_CHANGED'))).toBe('FLOATING_RATE_SLIPPAGE_EXCEEDED');
    expect(orderStepper(slipped)).toMatchObject({ current: 'exchanging', status: 'error' });
  });

  it('no rate warning without a problem event', () => {
    expect(isRateWarningShown(ev('CREATION_END', 'INCOMING_FUNDS_DETECTED', 'RATE_MODE_CHANGED'))).toBe(false);
  });

  it('a held deposit is no fixed-rate problem; it is on hold until a refund is requested', () => {
    const held = ev('CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD');
    expect(isRateWarningShown(held)).toBe(false);
    expect(isRateChangedWarningOpen(held)).toBe(false);
    expect(isOnHold(held)).toBe(true);
    expect(isOnHold(ev('CREATION_END', 'INCOMING_FUNDS_DETECTED'))).toBe(false);
    expect(isOnHold([...held, ...ev('REFUND_REQUESTED')])).toBe(false);
    expect(isOnHold([...held, ...ev('REFUND_REQUESTED', 'REFUND_COMPLETED')])).toBe(false);
  });
});

describe('§4 polling stop rule', () => {
  it('polls below step 3 and stops at 3 or more', () => {
    expect(shouldKeepPolling(ev('CREATION_END', 'INCOMING_FUNDS_DETECTED'))).toBe(true);
    expect(shouldKeepPolling(ev('CREATION_END', 'REFUND_REQUESTED'))).toBe(true);
    expect(shouldKeepPolling(ev('WITHDRAWAL_COMPLETED'))).toBe(false);
    expect(shouldKeepPolling(ev('REFUND_COMPLETED'))).toBe(false);
  });

  it('stops on a terminal event below step 3: a declined card payment (issue 12)', () => {
    expect(shouldKeepPolling(ev('CREATION_END'))).toBe(true);
    expect(shouldKeepPolling(ev('CREATION_END', 'CARD_PAYMENT_DECLINED'))).toBe(false);
  });
});

describe('card orders (issue 12)', () => {
  it('a card order carries its card payment; a chain order does not', () => {
    expect(isCardOrder(cardOrderWith(['CREATION_END']))).toBe(true);
    expect(isCardOrder(orderWith(['CREATION_END']))).toBe(false);
    expect(isCardOrder(cardOrderWith(['CREATION_END'], {}, { orderDetails: { ...orderWith([]).orderDetails, cardPayment: null } }))).toBe(false);
  });

  it('awaits its payment while the payment is pending and no funds are detected', () => {
    expect(isAwaitingCardPayment(cardOrderWith(['CREATION_END']))).toBe(true);
    expect(isAwaitingCardPayment(cardOrderWith(['CREATION_END', 'DEPOSIT_REGISTERED'], { status: 'PAID' }))).toBe(false);
    // the order moved on before the payment status did: the events win
    expect(isAwaitingCardPayment(cardOrderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED']))).toBe(false);
    expect(isAwaitingCardPayment(cardOrderWith(['CREATION_END', 'CARD_PAYMENT_DECLINED']))).toBe(false);
    expect(isAwaitingCardPayment(orderWith(['CREATION_END']))).toBe(false);
  });

  it('a declined payment is said by its event', () => {
    expect(isCardPaymentDeclined(ev('CREATION_END', 'CARD_PAYMENT_DECLINED'))).toBe(true);
    expect(isCardPaymentDeclined(ev('CREATION_END'))).toBe(false);
  });
});

describe('the order stepper (issue 10)', () => {
  it.each([
    [[], 'deposit', 'active'],
    [['CREATION_END'], 'deposit', 'active'],
    [['CREATION_END', 'DEPOSIT_REGISTERED'], 'confirming', 'active'],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED'], 'exchanging', 'active'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START'], 'sending', 'active'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], 'completed', 'done'],
    // waiting for the customer: the step reached is marked
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'FIXED_RATE_SLOW_DEPOSIT_DETECTED'], 'confirming', 'error'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'RATE_MODE_CHANGED'], 'exchanging', 'error'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'], 'exchanging', 'error'],
    // the customer accepted the new rate: the exchange goes on
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'RATE_MODE_CHANGED', 'RATE_MODE_CHANGE_ACCEPTED'], 'exchanging', 'active'],
    // a declined card payment stops at the first step
    [['CREATION_END', 'CARD_PAYMENT_DECLINED'], 'deposit', 'error'],
  ] as [OrderEventKind[], string, string][])('%j → %s (%s) on the exchange path', (kinds, current, status) => {
    expect(orderStepper(ev(...kinds))).toEqual({ steps: ['deposit', 'confirming', 'exchanging', 'sending', 'completed'], current, status });
  });

  it('a refund request switches to the refund path, done once the refund is sent', () => {
    const requested = ev('CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD', 'REFUND_REQUESTED');
    expect(orderStepper(requested)).toEqual({ steps: ['deposit', 'confirming', 'refund'], current: 'refund', status: 'active' });
    expect(orderStepper([...requested, { kind: 'REFUND_COMPLETED' }])).toEqual({
      steps: ['deposit', 'confirming', 'refund'],
      current: 'refund',
      status: 'done',
    });
  });
});
