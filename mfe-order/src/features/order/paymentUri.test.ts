import { paymentUri } from './paymentUri';

const native = (currencyTitle: string, networkTitle = currencyTitle) => ({ currencyTitle, networkTitle });
const USDT_ERC20 = { currencyTitle: 'USDT', networkTitle: 'ERC20', token: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 } };

describe('paymentUri: the deposit QR payload', () => {
  it('BIP21 and its forks carry the amount in coins', () => {
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1qdeposit', amount: '0.1' })).toBe('bitcoin:bc1qdeposit?amount=0.1');
    // issue 23: the very string the page shows and copies, digit for digit
    expect(paymentUri({ instrument: native('LTC'), address: 'ltc1qdep', amount: '2.50000000' })).toBe('litecoin:ltc1qdep?amount=2.50000000');
    expect(paymentUri({ instrument: native('DOGE'), address: 'DDep', amount: '1000' })).toBe('dogecoin:DDep?amount=1000');
    expect(paymentUri({ instrument: native('DASH'), address: 'XDep', amount: '0.5' })).toBe('dash:XDep?amount=0.5');
    expect(paymentUri({ instrument: native('ZEC'), address: 't1Dep', amount: '0.5' })).toBe('zcash:t1Dep?amount=0.5');
  });

  it('never writes an amount in exponent notation, and keeps every digit (no float)', () => {
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '0.00000001' })).toBe('bitcoin:bc1q?amount=0.00000001');
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '12345678.12345678' })).toBe('bitcoin:bc1q?amount=12345678.12345678');
    // 0.1 + 0.2 in floats is 0.30000000000000004: here it is exact
    expect(paymentUri({ instrument: native('ETH'), address: '0xabc', amount: '0.3' })).toBe('ethereum:0xabc@1?value=300000000000000000');
  });

  it('a CashAddr that already carries its prefix is not prefixed twice', () => {
    expect(paymentUri({ instrument: native('BCH'), address: 'bitcoincash:qpdep', amount: '1' })).toBe('bitcoincash:qpdep?amount=1');
    expect(paymentUri({ instrument: native('BCH'), address: 'qpdep', amount: '1' })).toBe('bitcoincash:qpdep?amount=1');
  });

  it('EIP-681: native coins in wei with the chain id', () => {
    expect(paymentUri({ instrument: native('ETH'), address: '0xDep', amount: '1.5' })).toBe('ethereum:0xDep@1?value=1500000000000000000');
    expect(paymentUri({ instrument: native('BNB', 'BSC'), address: '0xDep', amount: '0.01' })).toBe('ethereum:0xDep@56?value=10000000000000000');
    expect(paymentUri({ instrument: native('POL'), address: '0xDep', amount: '3' })).toBe('ethereum:0xDep@137?value=3000000000000000000');
    expect(paymentUri({ instrument: native('AVAX'), address: '0xDep', amount: '1' })).toBe('ethereum:0xDep@43114?value=1000000000000000000');
    expect(paymentUri({ instrument: native('ETC'), address: '0xDep', amount: '1' })).toBe('ethereum:0xDep@61?value=1000000000000000000');
  });

  it('EIP-681: an ERC-20 token is a transfer call on its contract, in token units', () => {
    expect(paymentUri({ instrument: USDT_ERC20, address: '0xDep', amount: '250.5' })).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0xDep&uint256=250500000',
    );
  });

  it('an ERC-20 token whose contract is unknown is the bare address (a URI would ask for ETH)', () => {
    expect(paymentUri({ instrument: { currencyTitle: 'USDT', networkTitle: 'ERC20' }, address: '0xDep', amount: '10' })).toBe('0xDep');
    expect(paymentUri({ instrument: { currencyTitle: 'USDT', networkTitle: 'ETH' }, address: '0xDep', amount: '10' })).toBe('0xDep');
  });

  it('Solana Pay in SOL, TON transfer link in nanoton with the memo as its comment', () => {
    expect(paymentUri({ instrument: native('SOL'), address: 'So1Dep', amount: '2.25' })).toBe('solana:So1Dep?amount=2.25');
    expect(paymentUri({ instrument: native('TON'), address: 'UQDep-_x', amount: '1.5', memo: '123456' })).toBe(
      'ton://transfer/UQDep-_x?amount=1500000000&text=123456',
    );
    expect(paymentUri({ instrument: native('TON'), address: 'UQDep', amount: '1', memo: 'a b&c' })).toBe(
      'ton://transfer/UQDep?amount=1000000000&text=a%20b%26c',
    );
  });

  it('networks without a standard URI get the bare address', () => {
    for (const instrument of [
      native('USDT', 'TRC20'),
      native('TRX'),
      native('XRP'),
      native('XLM'),
      native('ADA'),
      native('DOT'),
      native('ALGO'),
      native('USD', 'CARD'),
    ])
      expect(paymentUri({ instrument, address: 'Dep123', amount: '10', memo: '42' })).toBe('Dep123');
  });

  it('no amount, a malformed one, zero, or one finer than the coin: the URI without an amount', () => {
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q' })).toBe('bitcoin:bc1q');
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '' })).toBe('bitcoin:bc1q');
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '1e-8' })).toBe('bitcoin:bc1q');
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '-1' })).toBe('bitcoin:bc1q');
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '0' })).toBe('bitcoin:bc1q');
    expect(paymentUri({ instrument: native('BTC'), address: 'bc1q', amount: '0.000000001' })).toBe('bitcoin:bc1q');
    expect(paymentUri({ instrument: USDT_ERC20, address: '0xDep', amount: '0.0000001' })).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0xDep',
    );
    expect(paymentUri({ instrument: native('TON'), address: 'UQDep' })).toBe('ton://transfer/UQDep');
  });

  it('an empty address stays empty', () => {
    expect(paymentUri({ instrument: native('BTC'), address: ' ', amount: '1' })).toBe('');
  });
});
