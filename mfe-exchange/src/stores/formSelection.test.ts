import type { DefaultPair } from 'shared-contracts';
import { BTC, ETH, USD } from '../test/fixtures';
import { firstSelection } from './formSelection';

const defaultPair = { instrumentFrom: BTC, instrumentTo: ETH, amount: '0.1' } as unknown as DefaultPair;

describe('firstSelection: the amount a pair page opens with', () => {
  it('takes the default pair’s amount for a crypto sender', () => {
    expect(firstSelection([BTC, ETH, USD], defaultPair, { from: 'btc', to: 'eth' }).valueToSend).toBe('0.1');
  });

  it('opens a card purchase (a fiat sender) at §9’s default amount 500, not at 0.1 of a dollar', () => {
    expect(firstSelection([BTC, ETH, USD], defaultPair, { from: 'usd', to: 'btc' }).valueToSend).toBe('500');
  });

  it('keeps an amount from the query', () => {
    expect(firstSelection([BTC, ETH, USD], defaultPair, { from: 'usd', to: 'btc', amount: '120' }).valueToSend).toBe('120');
  });
});
