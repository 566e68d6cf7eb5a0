import { cleanup, render, screen } from '@testing-library/react';
import type { ExchangeFormStore } from '../stores/ExchangeFormStore';
import { BTC, ETH, USD } from '../test/fixtures';
import { createTestHost } from '../test/testHost';
import { PairHeader } from './PairHeader';

function renderHeader(from: typeof BTC, lng: 'en' | 'ru' = 'en') {
  const host = createTestHost({ lng });
  const t = host.i18n.getFixedT(lng, 'mfe-exchange');
  render(<PairHeader form={{ from, to: from === ETH ? BTC : ETH } as unknown as ExchangeFormStore} t={t} />);
  const text = screen.getByTestId('pair-header').textContent ?? '';
  cleanup();
  return text;
}

describe('PairHeader (§2 pair page header)', () => {
  it('names both currencies and networks of a crypto pair', () => {
    expect(renderHeader(BTC)).toContain('Send Bitcoin (BTC), receive Ethereum (ERC20)');
  });

  it('says a card purchase once, by currency code, in each language', () => {
    expect(renderHeader(USD)).toContain('Pay in USD by card, receive Ethereum (ERC20)');
    expect(renderHeader(USD, 'ru')).toContain('Оплатите картой в USD');
  });
});
