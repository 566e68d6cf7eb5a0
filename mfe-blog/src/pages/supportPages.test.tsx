// The support and status pages (issue 13): server-rendered from their loaders' data (no fetch at render or
// hydration), the FAQ as native <details>, the contact dialog (open_support_modal, prefilled email, ticket id, the
// api's field error on the order id), the order lookup's neutral answer, the status strip, uptime and incidents.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ApiError, STATUS_HISTORY_DAYS, type ApiClient, type Faq, type LocaleCode, type StatusPage as StatusData } from 'shared-contracts';
import { createTestHost } from '../test/testHost';
import { pages } from './index';
import { supportLoaders } from './supportLoaders';

const FAQ: Faq = {
  items: [
    { id: 'how-long', question: 'How long does an exchange take?', html: '<p>Usually <strong>10–30 minutes</strong>.</p>' },
    { id: 'refund', question: 'How do refunds work?', html: '<p>We send the deposit back.</p>' },
  ],
};

function statusData(): StatusData {
  const days: StatusData['days'] = Array.from({ length: STATUS_HISTORY_DAYS }, (_, i) => {
    const date = new Date(Date.UTC(2026, 7, 27) + i * 86_400_000).toISOString().slice(0, 10);
    if (i < 80) return { date, status: 'NO_DATA', okRatio: null };
    if (i === 85) return { date, status: 'UNHEALTHY', okRatio: '0.5' };
    return { date, status: 'OK', okRatio: '1' };
  });
  return {
    current: 'TECHNICAL_DIFFICULTIES',
    checkedAt: '2026-11-24T09:30:00.000Z',
    days,
    incidents: [
      {
        id: '2',
        title: 'Prices delayed',
        body: 'The market feed is slow.',
        severity: 'major',
        state: 'investigating',
        createdAt: '2026-11-24T09:00:00.000Z',
        resolvedAt: null,
      },
      {
        id: '1',
        title: 'Database maintenance',
        body: 'Done.',
        severity: 'minor',
        state: 'resolved',
        createdAt: '2026-11-20T09:00:00.000Z',
        resolvedAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  };
}

function fakeApi() {
  return {
    contentFaq: jest.fn(async () => FAQ),
    statusPage: jest.fn(async () => statusData()),
    supportRequestCreate: jest.fn(async () => ({ ticketId: 'SR-ABCD2345' })),
    supportOrderLookup: jest.fn(async () => ({ ok: true as const })),
  };
}

const load = (page: 'Support' | 'Status', locale: LocaleCode = 'en') =>
  supportLoaders[page]({ api: fakeApi() as unknown as ApiClient, params: {} as never, query: new URLSearchParams(), locale });

describe('server render and hydration', () => {
  it.each([
    ['en', 'Support'],
    ['ru', 'Support'],
    ['en', 'Status'],
    ['ru', 'Status'],
  ] as const)('%s %s renders its data on the server and hydrates without a mismatch or a fetch', async (lng, page) => {
    const initialData = await load(page, lng);
    const api = fakeApi();
    const Page = pages[page];
    const html = renderToString(<Page host={createTestHost({ lng, api, initialData })} />);
    if (page === 'Support') expect(html).toContain('<summary');
    else expect(html.match(/data-testid="status-day"/g)).toHaveLength(STATUS_HISTORY_DAYS);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = jest.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page host={createTestHost({ lng, api, initialData })} />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(Object.values(api).filter((f) => f.mock.calls.length > 0)).toEqual([]);
    container.remove();
  });
});

describe('Support page', () => {
  it('shows the FAQ as disclosure widgets, fetched on a client navigation', async () => {
    const api = fakeApi();
    render(<pages.Support host={createTestHost({ api })} />);
    const items = await screen.findAllByTestId('support-faq-item');
    expect(items.map((d) => d.tagName)).toEqual(['DETAILS', 'DETAILS']);
    expect(within(items[0]).getByText('How long does an exchange take?').tagName).toBe('SUMMARY');
    expect(api.contentFaq).toHaveBeenCalledWith({ query: { locale: 'en' } });
  });

  it('opens the contact dialog (open_support_modal), prefilled for a signed-in user, and shows the ticket id once sent', async () => {
    const api = fakeApi();
    const host = createTestHost({
      api,
      initialData: await load('Support'),
      session: {
        isAuthorised: true,
        account: { email: 'me@example.com', permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false, userId: 7 },
      },
    });
    const track = jest.spyOn(host.analytics, 'track').mockImplementation(() => undefined);
    render(<pages.Support host={host} />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(track).toHaveBeenCalledWith('open_support_modal');
    const dialog = screen.getByRole('dialog', { name: 'Contact support' });
    expect(within(dialog).getByLabelText('Your email')).toHaveProperty('value', 'me@example.com');
    fireEvent.change(within(dialog).getByLabelText('Subject (optional)'), { target: { value: 'Fees' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'How are fees computed?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByTestId('support-ticket-id')).toHaveProperty('textContent', 'SR-ABCD2345');
    expect(dialog.textContent).toContain('An acknowledgement with this number is on its way to me@example.com');
    expect(api.supportRequestCreate).toHaveBeenCalledWith({
      body: { email: 'me@example.com', subject: 'Fees', message: 'How are fees computed?', locale: 'en' },
    });
  });

  it('refuses a malformed order id on the field, and shows the api’s unknown order there too', async () => {
    const api = fakeApi();
    api.supportRequestCreate.mockRejectedValueOnce(
      new ApiError({ statusCode: 404, code: 'ERR_NOT_FOUND', message: 'No order with this id', fields: { orderId: 'no order with this id' } }),
    );
    render(<pages.Support host={createTestHost({ lng: 'ru', api, initialData: await load('Support', 'ru') })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Написать в поддержку' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Ваш email'), { target: { value: 'a@b.co' } });
    fireEvent.change(within(dialog).getByLabelText('Сообщение'), { target: { value: 'Вопрос по заказу' } });
    const order = within(dialog).getByLabelText('Номер заказа (необязательно)');
    fireEvent.change(order, { target: { value: 'order-42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(order.getAttribute('aria-invalid')).toBe('true'));
    expect(api.supportRequestCreate).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('Это не номер заказа');
    fireEvent.change(order, { target: { value: '3f2a1c9e-1b2c-4d5e-8f90-123456789abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(dialog.textContent).toContain('Заказа с таким номером нет'));
    expect(order.getAttribute('aria-invalid')).toBe('true');
  });

  it("answers the order lookup the same way whatever happened: the link went to the order's email if one matches", async () => {
    const api = fakeApi();
    render(<pages.Support host={createTestHost({ api, initialData: await load('Support') })} />);
    fireEvent.change(screen.getByLabelText('Deposit transaction hash'), { target: { value: '0xabc123def456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect((await screen.findByTestId('support-lookup-sent')).textContent).toContain("we've sent its link to the order's email");
    expect(api.supportOrderLookup).toHaveBeenCalledWith({ body: { txHash: '0xabc123def456', locale: 'en' } });
  });
});

describe('Status page', () => {
  it('shows the status now, a labelled bar per day (no data distinct), the uptime and the incidents newest first', async () => {
    render(<pages.Status host={createTestHost({ initialData: await load('Status') })} />);
    expect(screen.getByTestId('status-current').textContent).toContain('Degraded');
    const days = screen.getAllByTestId('status-day');
    expect(days).toHaveLength(STATUS_HISTORY_DAYS);
    expect(days.filter((d) => d.dataset.status === 'NO_DATA')).toHaveLength(80);
    expect(days[0].textContent).toBe('27 August 2026: no data');
    expect(days[85].textContent).toContain('Outage, 50% of checks OK');
    expect(days[89].textContent).toContain('Operational, 100% of checks OK');
    // (9 × 1 + 0.5) / 10
    expect(screen.getByTestId('status-uptime').textContent).toBe('Uptime over the period: 95.00%');
    expect(screen.getAllByTestId('status-incident').map((i) => i.querySelector('h3')?.textContent)).toEqual(['Prices delayed', 'Database maintenance']);
  });

  it('fetches its data on a client navigation; ru wording', async () => {
    const api = fakeApi();
    render(<pages.Status host={createTestHost({ lng: 'ru', api })} />);
    expect((await screen.findByTestId('status-current')).textContent).toContain('Частичный сбой');
    expect(api.statusPage).toHaveBeenCalledTimes(1);
  });
});
