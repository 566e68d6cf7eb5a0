// The card purchase on the exchange page (§4 card flow, issue 12): fiat on the send side only, the register dialog for a
// guest, the card-flow dialog's email step and the KYC redirect modal, as the visitor sees them.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeWebSocket } from 'remote-kit/fake-socket';
import type { ExchangeRequest, Instrument } from 'shared-contracts';
import { pages } from './index';
import { BTC, ETH, USD, USDT, pairData } from '../test/fixtures';
import { createTestHost, renderPage } from '../test/testHost';

const KYC_URL = 'https://provider.example/kyc#token';
const ALL: Instrument[] = [USD, BTC, ETH, USDT];
const account = { email: 'me@acc.io', userId: 7, permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false };

function cardApi() {
  return {
    instrumentsV2: jest.fn(async () => ALL),
    pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
    rateOne: jest.fn(async ({ query }: { query: ExchangeRequest }) =>
      pairData(ALL.find((i) => i.slug === query.instrumentFromSlug)!, ALL.find((i) => i.slug === query.instrumentToSlug)!, {
        claimedDepositAmount: query.claimedDepositAmount!,
        noKycThreshold: '1000',
      }),
    ),
    validateAddress: jest.fn(async () => true),
    orderCreate: jest.fn(async ({ body }: { body: { destinationAddress: string } }) => ({
      orderId: 'o-card',
      destinationAddress: body.destinationAddress,
      rateMode: 'FLOATING',
    })),
    providerSignUp: jest.fn(async () => ({ ok: true })),
    providerSignIn: jest.fn(async () => ({ token: 'bearer-token-123' })),
    providerContacts: jest.fn(async () => ({ emailStatus: 'CONFIRMED' })),
    providerKycStatus: jest.fn(async () => ({ features: [{ feature: 'IDENTITY_VERIFICATION', status: 'PENDING' }] })),
    providerKycAccessToken: jest.fn(async () => ({ kycAccessToken: 'token', applicantId: 'app-1', kycUrl: KYC_URL })),
    confirmEmail: jest.fn(async () => ({ ok: true })),
  };
}

function renderCardPurchase(o: { lng?: 'en' | 'ru'; amount?: string; signedIn?: boolean; api?: ReturnType<typeof cardApi> } = {}) {
  const api = o.api ?? cardApi();
  const openRegisterDialog = jest.fn();
  const host = createTestHost({
    api,
    lng: o.lng,
    query: new URLSearchParams(`send=usd&receive=btc&amount=${o.amount ?? '100'}`),
    session: { openRegisterDialog, ...(o.signedIn === false ? {} : { isAuthorised: true, account }) },
  });
  const notify = jest.spyOn(host, 'notify').mockImplementation(() => undefined);
  const navigate = jest.spyOn(host, 'navigate').mockImplementation(() => undefined);
  renderPage(pages.Home, host);
  return { api, host, openRegisterDialog, notify, navigate };
}

/** Fills the address and the terms, then submits. */
async function submit() {
  const address = await screen.findByTestId('destination-address');
  fireEvent.change(address, { target: { value: 'bc1qdestination' } });
  if (!(screen.getByTestId('terms') as HTMLInputElement).checked) fireEvent.click(screen.getByTestId('terms'));
  await act(async () => fireEvent.click(screen.getByTestId('create-order')));
}

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = FakeWebSocket;
});
beforeEach(() => {
  FakeWebSocket.reset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('card purchase on the exchange page (§4 card flow)', () => {
  it('fiat is offered on the send side only; a purchase cannot be swapped', async () => {
    renderCardPurchase();
    await screen.findByTestId('live-rate');
    expect(screen.getByTestId('instrument-send').getAttribute('data-slug')).toBe('usd');
    expect(screen.getByTestId('instrument-send-network').textContent).toBe('CARD');
    expect((screen.getByTestId('swap') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('instrument-receive'));
    await screen.findByTestId('instrument-receive-search');
    expect(screen.queryByTestId('instrument-receive-option-usd')).toBeNull();
    expect(screen.getByTestId('instrument-receive-option-eth')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('instrument-receive-search'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('instrument-send'));
    await screen.findByTestId('instrument-send-search');
    expect(screen.getByTestId('instrument-send-option-usd')).toBeTruthy();
  });

  it('the destination address is asked for; no refund address, in either rate mode', async () => {
    renderCardPurchase();
    await screen.findByTestId('destination-address');
    expect(screen.queryByTestId('refund-address')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('rate-mode-fixed')));
    await screen.findByTestId('live-rate');
    expect(screen.getByTestId('destination-address')).toBeTruthy();
    expect(screen.queryByTestId('refund-address')).toBeNull();
  });

  it('a guest gets the register dialog and no order', async () => {
    const { api, openRegisterDialog } = renderCardPurchase({ signedIn: false });
    await submit();
    expect(openRegisterDialog).toHaveBeenCalledTimes(1);
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(screen.queryByTestId('card-flow-modal')).toBeNull();
  });

  it('below the threshold the order is created directly and the visitor goes to it', async () => {
    const { api, navigate } = renderCardPurchase({ amount: '100' });
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/o-card?destinationAddress=bc1qdestination'));
    expect(api.providerSignUp).not.toHaveBeenCalled();
    expect(api.orderCreate.mock.calls[0][0].body).not.toHaveProperty('refundAddress');
  });

  it.each([
    ['en', 'We have sent a confirmation code to me@acc.io. Enter it here to confirm your email.', 'Confirm email'],
    ['ru', 'Мы отправили код подтверждения на me@acc.io. Введите его здесь, чтобы подтвердить почту.', 'Подтвердить почту'],
  ] as const)('%s: the email step asks for the mailed code and confirms it with the site', async (lng, text, button) => {
    const api = cardApi();
    api.providerContacts.mockResolvedValue({ emailStatus: 'UNCONFIRMED' });
    renderCardPurchase({ lng, amount: '1500', api });
    await submit();
    const modal = await screen.findByTestId('card-flow-modal');
    expect(within(modal).getByText(text)).toBeTruthy();
    expect(screen.getByTestId('card-flow-email-submit').textContent).toBe(button);
    expect(document.activeElement).toBe(screen.getByTestId('card-flow-email-code'));
    fireEvent.change(screen.getByTestId('card-flow-email-code'), { target: { value: '123456' } });
    api.providerContacts.mockResolvedValue({ emailStatus: 'CONFIRMED' });
    await act(async () => fireEvent.click(screen.getByTestId('card-flow-email-submit')));
    expect(api.confirmEmail).toHaveBeenCalledWith({ body: { email: 'me@acc.io', code: '123456' } });
    // contacts checked again at once, then the KYC check: incomplete, so the KYC redirect modal
    expect(await screen.findByTestId('kyc-redirect-modal')).toBeTruthy();
    expect(screen.queryByTestId('card-flow-modal')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('kyc-redirect-cancel')));
  });

  it.each([
    ['en', 'Open the verification page', 'Waiting for the result of the verification…'],
    ['ru', 'Открыть страницу проверки', 'Ждём результат проверки…'],
  ] as const)('%s: the KYC redirect modal links to kycUrl in a new tab and waits; closing it stops the flow', async (lng, linkText, waiting) => {
    const { api, navigate, notify } = renderCardPurchase({ lng, amount: '1500' });
    await submit();
    const modal = await screen.findByTestId('kyc-redirect-modal');
    const link = within(modal).getByTestId('kyc-redirect-link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(KYC_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(link.textContent).toBe(linkText);
    expect(screen.getByTestId('kyc-redirect-waiting').textContent).toBe(waiting);
    expect(api.providerKycAccessToken).toHaveBeenCalledWith(expect.objectContaining({ headers: { Authorization: 'Bearer bearer-token-123' } }));
    // Escape closes the modal: the flow stops, no order and no error
    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    expect(screen.queryByTestId('kyc-redirect-modal')).toBeNull();
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect((screen.getByTestId('create-order') as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['en', 'Identity verification could not be completed. Please try again or contact support.'],
    ['ru', 'Не удалось пройти проверку личности. Попробуйте ещё раз или напишите в поддержку.'],
  ] as const)('%s: a flow error shows error_kyc_flow as an error notification and the modal closes', async (lng, message) => {
    const api = cardApi();
    api.providerKycStatus.mockResolvedValue({ features: [{ feature: 'IDENTITY_VERIFICATION', status: 'REJECTED' }] });
    const { notify } = renderCardPurchase({ lng, amount: '1500', api });
    await submit();
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', message, timeout: 3000 }));
    expect(screen.queryByTestId('card-flow-modal')).toBeNull();
    expect(screen.queryByTestId('kyc-redirect-modal')).toBeNull();
    expect(api.orderCreate).not.toHaveBeenCalled();
  });
});
