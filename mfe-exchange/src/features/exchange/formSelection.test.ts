import { ApiError, type DefaultPair } from 'shared-contracts';
import { BTC, ETH, USD, USDT } from '../../test/fixtures';
import { firstSelection, withRecommendedAmount } from './formSelection';

const defaultPair = { instrumentFrom: BTC, instrumentTo: ETH, amount: '0.1' } as unknown as DefaultPair;
const ALL = [BTC, ETH, USDT, USD];

describe('firstSelection: the amount a pair page opens with', () => {
  it('takes the default pair’s amount for its own crypto sender until the recommended amount is known', () => {
    const s = firstSelection(ALL, defaultPair, { from: 'btc', to: 'eth' });
    expect(s.valueToSend).toBe('0.1');
    expect(s.wantsRecommendedAmount).toBe(true);
  });

  it('never takes the default pair’s amount for another sender (0.1 BTC is not 0.1 ETH)', () => {
    expect(firstSelection(ALL, defaultPair, { from: 'eth', to: 'btc' }).valueToSend).toBe('');
  });

  it('opens a card purchase (a fiat sender) at §9’s default amount 500, not at 0.1 of a dollar, without asking', () => {
    const s = firstSelection(ALL, defaultPair, { from: 'usd', to: 'btc' });
    expect(s.valueToSend).toBe('500');
    expect(s.wantsRecommendedAmount).toBe(false);
  });

  it('keeps an amount from the query', () => {
    const s = firstSelection(ALL, defaultPair, { from: 'usd', to: 'btc', amount: '120' });
    expect(s.valueToSend).toBe('120');
    expect(firstSelection(ALL, defaultPair, { from: 'btc', to: 'eth', amount: '2' }).wantsRecommendedAmount).toBe(false);
  });

  it('home: unknown codes fall back to the default pair; the pair page reports them (§2 404)', () => {
    const home = firstSelection(ALL, defaultPair, { from: 'nosuchcoin', to: 'eth' });
    expect([home.from?.slug, home.to?.slug, home.unknownSlugs]).toEqual(['btc', 'eth', []]);
    expect(firstSelection(ALL, defaultPair, { from: 'nosuchcoin', to: 'eth', pairInPath: true }).unknownSlugs).toEqual(['nosuchcoin']);
  });
});

describe('withRecommendedAmount (§7 GET /api/v1/rates/public/recommended-amount)', () => {
  it('asks for the pair by currency and network titles and takes its answer', async () => {
    const recommendedAmount = jest.fn(async () => ({ recommendedAmount: '0.00833334' }));
    const s = await withRecommendedAmount({ recommendedAmount } as never, firstSelection(ALL, defaultPair, { from: 'btc', to: 'usdttrc20' }));
    expect(recommendedAmount).toHaveBeenCalledWith({
      query: { fromCurrency: 'BTC', fromNetwork: 'BTC', toCurrency: 'USDT', toNetwork: 'TRC20', rateMode: 'FLOATING' },
    });
    expect(s.valueToSend).toBe('0.00833334');
  });

  it('does not ask for a fiat sender or a typed amount; keeps the selection when the call fails', async () => {
    const recommendedAmount = jest.fn(async () => ({ recommendedAmount: '1' }));
    await withRecommendedAmount({ recommendedAmount } as never, firstSelection(ALL, defaultPair, { from: 'usd', to: 'btc' }));
    await withRecommendedAmount({ recommendedAmount } as never, firstSelection(ALL, defaultPair, { from: 'btc', to: 'eth', amount: '3' }));
    expect(recommendedAmount).not.toHaveBeenCalled();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = jest.fn(async () => Promise.reject(ApiError.of('ERR_PAIR_NOT_ACTIVE', 'inactive')));
    const s = await withRecommendedAmount({ recommendedAmount: failing } as never, firstSelection(ALL, defaultPair, { from: 'btc', to: 'eth' }));
    expect(s.valueToSend).toBe('0.1');
    warn.mockRestore();
  });
});
