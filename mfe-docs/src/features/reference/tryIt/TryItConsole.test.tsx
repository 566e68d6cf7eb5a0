import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderPage } from 'remote-kit/testing';
import { createTestHost } from '../../../test/testHost';
import { TryItConsole } from './TryItConsole';

afterEach(cleanup);

/** A stand-in for host.api.http: records what was sent, answers like the partner API. */
function fakeHttp(sent: { url: string; init: Record<string, unknown> }[]) {
  return async (url: string, init: Record<string, unknown>) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ orderId: 'ord-7', state: 'CREATION_END' }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

it('a labelled form: key, operation, body; sends with the key and shows request (key masked), answer and curl', async () => {
  const sent: { url: string; init: Record<string, unknown> }[] = [];
  const host = createTestHost({ api: { http: fakeHttp(sent) } });
  renderPage(() => <TryItConsole host={host} />, host);
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(screen.getByText('Paste your sandbox API key first.')).toBeTruthy();
  expect(sent).toEqual([]);

  fireEvent.change(screen.getByLabelText('Sandbox API key'), { target: { value: 'ck_secret_key' } });
  expect((screen.getByLabelText('Operation') as HTMLSelectElement).value).toBe('partnerOrderCreate');
  expect((screen.getByLabelText('Request body (JSON)') as HTMLTextAreaElement).value).toContain('"claimedDepositAmount": "0.01"');
  expect((screen.getByLabelText('Idempotency-Key header') as HTMLInputElement).value).not.toBe('');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  });
  expect(sent).toHaveLength(1);
  expect(sent[0].init).toMatchObject({ method: 'POST', credentials: 'omit', throwHttpErrors: false });
  expect((sent[0].init.headers as Record<string, string>)['x-api-key']).toBe('ck_secret_key');
  expect(screen.getByTestId('try-it-response').getAttribute('data-status')).toBe('200');
  expect(screen.getByTestId('try-it-response-body').textContent).toContain('"orderId": "ord-7"');
  expect(screen.getByTestId('try-it-request-text').textContent).not.toContain('ck_secret_key');
  expect(screen.getByTestId('try-it-curl').textContent).toContain('x-api-key: $API_KEY');
  fireEvent.click(screen.getByLabelText('Show my key in the curl command (otherwise $API_KEY)'));
  expect(screen.getByTestId('try-it-curl').textContent).toContain('ck_secret_key');

  // "get an order" asks for the new order
  fireEvent.change(screen.getByLabelText('Operation'), { target: { value: 'partnerOrder' } });
  expect((screen.getByLabelText('Path parameter orderId') as HTMLInputElement).value).toBe('ord-7');
});

it('invalid JSON is named on the field, nothing sent', () => {
  const sent: { url: string; init: Record<string, unknown> }[] = [];
  const host = createTestHost({ lng: 'ru', api: { http: fakeHttp(sent) } });
  renderPage(() => <TryItConsole host={host} />, host);
  fireEvent.change(screen.getByLabelText('API-ключ песочницы'), { target: { value: 'k' } });
  fireEvent.change(screen.getByLabelText('Тело запроса (JSON)'), { target: { value: '{"a":' } });
  fireEvent.click(screen.getByRole('button', { name: 'Отправить запрос' }));
  expect(screen.getByLabelText('Тело запроса (JSON)').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText(/^Это не JSON:/)).toBeTruthy();
  expect(sent).toEqual([]);
});
