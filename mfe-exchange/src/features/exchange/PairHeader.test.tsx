import { act, cleanup, render, screen } from '@testing-library/react';
import { observable, observableRef, runInAction } from 'mobx';
import type { ExchangeFormStore } from './ExchangeFormStore';
import { BTC, ETH, USD, instrument, pairData } from '../../test/fixtures';
import { createTestHost } from '../../test/testHost';
import { HowItWorks } from './HowItWorks';
import { PairHeader } from './PairHeader';

type HeaderForm = Pick<ExchangeFormStore, 'from' | 'to' | 'pairData'>;

function renderHeader(form: HeaderForm, lng: 'en' | 'ru' = 'en') {
  const host = createTestHost({ lng });
  const t = host.i18n.getFixedT(lng, 'mfe-exchange');
  return render(<PairHeader form={form} t={t} locale={lng} />);
}

function headerText(from: typeof BTC, lng: 'en' | 'ru' = 'en') {
  const to = from === ETH ? BTC : ETH;
  renderHeader({ from, to, pairData: null }, lng);
  const text = screen.getByTestId('pair-header').textContent ?? '';
  cleanup();
  return text;
}

describe('PairHeader (§2 pair page header)', () => {
  it('names both currencies and networks of a crypto pair', () => {
    expect(headerText(BTC)).toContain('Send Bitcoin (BTC), receive Ethereum (ERC20)');
  });

  it('says a card purchase once, by currency code, in each language', () => {
    expect(headerText(USD)).toContain('Pay in USD by card, receive Ethereum (ERC20)');
    expect(headerText(USD, 'ru')).toContain('Оплатите картой в USD');
  });

  it('a card pair shows its no-KYC threshold before any amount is typed, and keeps it while the amount is retyped (issue 25)', () => {
    const form = observable({ from: USD, to: BTC, pairData: pairData(USD, BTC, { noKycThreshold: '1000' }) }, { pairData: observableRef });
    renderHeader(form as unknown as HeaderForm);
    expect(screen.getByTestId('card-no-kyc-threshold').textContent).toBe('Buy for less than 1,000 USD without identity verification.');
    // the amount cleared: no pair data for a moment, the threshold stays
    act(() => runInAction(() => (form.pairData = null as never)));
    expect(screen.getByTestId('card-no-kyc-threshold')).toBeTruthy();
    cleanup();

    // EUR's threshold has cents: whole euros, rounded down, in the locale's grouping
    const EUR = instrument('eur', { networkTitle: 'CARD', instrumentType: 'fiat', precisionDecimals: 2 });
    renderHeader({ from: EUR, to: BTC, pairData: pairData(EUR, BTC, { noKycThreshold: '1085.73' }) }, 'ru');
    expect(screen.getByTestId('card-no-kyc-threshold').textContent).toBe('Покупка на сумму меньше 1\u00a0085 EUR — без проверки личности.');
  });

  it('a crypto pair shows no threshold (only card purchases ask for identity verification)', () => {
    renderHeader({ from: BTC, to: ETH, pairData: pairData(BTC, ETH) });
    expect(screen.queryByTestId('card-no-kyc-threshold')).toBeNull();
  });
});

describe('HowItWorks', () => {
  const steps = (from: typeof BTC, lng: 'en' | 'ru' = 'en') => {
    const t = createTestHost({ lng }).i18n.getFixedT(lng, 'mfe-exchange');
    render(<HowItWorks form={{ from }} t={t} />);
    const text = screen.getByTestId('how-it-works').textContent ?? '';
    cleanup();
    return text;
  };

  it('a card purchase has its own steps: paid by card, no deposit sent to an address (issue 25)', () => {
    expect(steps(USD)).toContain('Pay by card');
    expect(steps(USD)).not.toMatch(/deposit/i);
    expect(steps(USD, 'ru')).toContain('Оплатите картой');
    expect(steps(USD, 'ru')).not.toMatch(/депозит/i);
    expect(steps(BTC)).toContain('Send the deposit');
  });
});
