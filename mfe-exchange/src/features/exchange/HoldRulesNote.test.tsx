import { cleanup, render, screen } from '@testing-library/react';
import type { HoldRules } from 'shared-contracts';
import { BTC, ETH, USD, pairData } from '../../test/fixtures';
import { createTestHost } from '../../test/testHost';
import { HoldRulesNote } from './HoldRulesNote';

const rules = (over: Partial<HoldRules> = {}): HoldRules => ({
  rules: [
    { reason: 'DEPOSIT_ABOVE_MAXIMUM', when: 'ABOVE', threshold: '1.66666666', currencyTitle: 'BTC', appliesToQuotedAmount: false },
    { reason: 'DEPOSIT_BELOW_MINIMUM', when: 'BELOW', threshold: '0.0003', currencyTitle: 'BTC', appliesToQuotedAmount: false },
    { reason: 'PAIR_NOT_ACTIVE', when: 'ANY', threshold: null, currencyTitle: 'BTC', appliesToQuotedAmount: false },
  ],
  refundWithinHours: 24,
  refundAmount: 'DEPOSIT_LESS_REFUND_NETWORK_FEE',
  refundNetworkFee: '0.0001',
  ...over,
});

function renderNote(pair: ReturnType<typeof pairData>, lng: 'en' | 'ru' = 'en') {
  const host = createTestHost({ lng });
  return render(<HoldRulesNote pair={pair} t={host.i18n.getFixedT(lng, 'mfe-exchange')} locale={lng} />);
}

afterEach(cleanup);

describe('HoldRulesNote (issue 29: no surprise holds)', () => {
  it('lists every rule of a crypto pair with its threshold, the refund promise and the policy link; nothing applies', () => {
    renderNote(pairData(BTC, ETH, { holdRules: rules() }));
    expect(screen.queryByTestId('hold-rule-applies')).toBeNull();
    const items = screen.getAllByTestId('hold-rule');
    expect(items.map((i) => i.getAttribute('data-reason'))).toEqual(['DEPOSIT_ABOVE_MAXIMUM', 'DEPOSIT_BELOW_MINIMUM', 'PAIR_NOT_ACTIVE']);
    expect(items[0].textContent).toContain('above 1.66666666 BTC');
    expect(screen.getByTestId('hold-rules').textContent).toContain('less only the refund’s network fee (0.0001 BTC) — sent within 24 hours');
    expect(screen.getByTestId('hold-rules-policy').getAttribute('href')).toBe('/aml-kyc');
  });

  it('says a rule the quoted amount crosses plainly, with the promise, in both languages', () => {
    const held = rules({
      rules: [{ reason: 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD', when: 'ABOVE', threshold: '1000', currencyTitle: 'USD', appliesToQuotedAmount: true }],
    });
    renderNote(pairData(USD, BTC, { holdRules: held }));
    const applies = screen.getByTestId('hold-rule-applies');
    expect(applies.textContent).toContain('An order above 1,000 USD is held for identity verification');
    expect(applies.textContent).toContain('within 24 hours');
    cleanup();
    renderNote(pairData(USD, BTC, { holdRules: held }), 'ru');
    expect(screen.getByTestId('hold-rule-applies').textContent).toContain('в течение 24 часов');
    expect(screen.getByTestId('hold-rules-policy').getAttribute('href')).toBe('/ru/aml-kyc');
  });

  it('renders nothing for a quote without hold rules (an older api)', () => {
    const { container } = renderNote(pairData(BTC, ETH));
    expect(container.innerHTML).toBe('');
  });
});
