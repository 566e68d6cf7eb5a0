import type { Order, OrderEventKind } from 'shared-contracts';
import { OrderHistoryStore, HISTORY_PER_PAGE } from './OrderHistoryStore';
import { orderStatus } from './orderStatus';
import { historyOrder } from './fakes';

describe('order status label (§4 displayed state)', () => {
  it.each([
    [[], 'created'],
    [['CREATION_END'], 'awaiting_deposit'],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED'], 'received'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], 'completed'],
    [['CREATION_END', 'WITHDRAWAL_COMPLETED', 'REFUND_REQUESTED'], 'refund_requested'],
    [['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'], 'on_hold'],
    [['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD', 'REFUND_REQUESTED'], 'refund_requested'],
    [['REFUND_REQUESTED', 'REFUND_COMPLETED'], 'refund_completed'],
  ] as [OrderEventKind[], string][])('%j → %s', (kinds, expected) => {
    expect(orderStatus({ orderEvents: kinds.map((kind) => ({ kind, createdAt: '' })) })).toBe(expected);
  });

  it('an unpaid card purchase awaits its payment, not a deposit; a paid one moves on like any order', () => {
    const card = (status: 'PENDING' | 'PAID' | 'DECLINED', kinds: OrderEventKind[]) => ({
      orderEvents: kinds.map((kind) => ({ kind, createdAt: '' })),
      orderDetails: { cardPayment: { provider: 'sandbox', status, declineReason: null } },
    });
    expect(orderStatus(card('PENDING', ['CREATION_END']))).toBe('awaiting_payment');
    expect(orderStatus(card('PAID', ['CREATION_END', 'INCOMING_FUNDS_DETECTED']))).toBe('received');
  });
});

describe('OrderHistoryStore', () => {
  it('loads a page with the page size, computes the page count, drops stale answers', async () => {
    const answers: ((v: { items: Order[]; total: number; page: number; perPage: number }) => void)[] = [];
    const orderHistory = jest.fn(() => new Promise<{ items: Order[]; total: number; page: number; perPage: number }>((r) => answers.push(r)));
    const store = new OrderHistoryStore({ orderHistory } as never);
    const first = store.load(1);
    const second = store.load(2);
    expect(orderHistory).toHaveBeenLastCalledWith({ query: { page: 2, perPage: HISTORY_PER_PAGE } });
    answers[1]({ items: [historyOrder('b')], total: 25, page: 2, perPage: 10 });
    answers[0]({ items: [historyOrder('a')], total: 25, page: 1, perPage: 10 });
    await Promise.all([first, second]);
    expect(store.items.map((o) => o.orderId)).toEqual(['b']);
    expect(store.pageCount).toBe(3);
    expect(store.hasPrevious && store.hasNext).toBe(true);
  });

  it('an error is a state, not a crash; an invalid page is page 1', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new OrderHistoryStore({ orderHistory: jest.fn(async () => Promise.reject(new Error('down'))) } as never);
    await store.load(-3);
    expect(store.page).toBe(1);
    expect(store.loadState.status).toBe('error');
    warn.mockRestore();
  });
});
