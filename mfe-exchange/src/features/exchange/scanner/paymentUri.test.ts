import { parsePaymentUri, scannedMemo } from './paymentUri';

describe('parsePaymentUri (§2 QR scanner: what a scanned code fills in)', () => {
  it.each([
    ['a bare address', '  0xde709f2102306220921060314715629080e2fb77\n', { address: '0xde709f2102306220921060314715629080e2fb77' }],
    [
      'BIP21 with an amount and a label',
      'bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2?amount=0.05&label=Shop',
      { address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', scheme: 'bitcoin' },
    ],
    [
      'BIP21 in upper case (QR alphanumeric mode)',
      'BITCOIN:BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ?AMOUNT=1',
      { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', scheme: 'bitcoin' },
    ],
    ['litecoin', 'litecoin:LTdsVS8VDw6syvfQADdhf2PHAm3rMGJvPX?amount=1', { address: 'LTdsVS8VDw6syvfQADdhf2PHAm3rMGJvPX', scheme: 'litecoin' }],
    [
      'bitcoincash (the cashaddr without its prefix)',
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.1',
      { address: 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', scheme: 'bitcoincash' },
    ],
    [
      'EIP-681 with a chain id and a value',
      'ethereum:0xde709f2102306220921060314715629080e2fb77@1?value=2.014e18',
      { address: '0xde709f2102306220921060314715629080e2fb77', scheme: 'ethereum' },
    ],
    [
      'EIP-681 pay- prefix',
      'ethereum:pay-0xde709f2102306220921060314715629080e2fb77@56',
      { address: '0xde709f2102306220921060314715629080e2fb77', scheme: 'ethereum' },
    ],
    [
      'EIP-681 token transfer: the recipient, not the token contract',
      'ethereum:0xdac17f958d2ee523a2206206994597c13d831ec7@1/transfer?address=0xde709f2102306220921060314715629080e2fb77&uint256=1e6',
      { address: '0xde709f2102306220921060314715629080e2fb77', scheme: 'ethereum' },
    ],
    ['tron', 'tron:TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7?amount=10', { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', scheme: 'tron' }],
    [
      'XRP with a destination tag',
      'ripple:rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh?dt=123456',
      { address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', memo: '123456', scheme: 'ripple' },
    ],
    ['XRP with tag=', 'xrpl:rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh?tag=99', { address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', memo: '99', scheme: 'xrpl' }],
    [
      'TON transfer with a comment',
      'ton://transfer/EQD2NmD_lH5f5u1Kj3KfGyTvhZSX0Eg6qp2a5IQUKXxOG21n?amount=1000000000&text=order%2042',
      { address: 'EQD2NmD_lH5f5u1Kj3KfGyTvhZSX0Eg6qp2a5IQUKXxOG21n', memo: 'order 42', scheme: 'ton' },
    ],
    [
      'Stellar SEP-7',
      'web+stellar:pay?destination=GCALNQQBXAPZ2WIRSDDBMSTAKCUH5SG6U76YBFLQLIXJTF7FE5AX7AOO&amount=5&memo=4567&memo_type=MEMO_ID',
      { address: 'GCALNQQBXAPZ2WIRSDDBMSTAKCUH5SG6U76YBFLQLIXJTF7FE5AX7AOO', memo: '4567', scheme: 'web+stellar' },
    ],
    [
      'Solana Pay with a memo',
      'solana:9Wz2nkvfKhT3J7NaY2A5wXjz4iJc6wCjGZPn3c5yqDrT?amount=1&memo=abc',
      { address: '9Wz2nkvfKhT3J7NaY2A5wXjz4iJc6wCjGZPn3c5yqDrT', memo: 'abc', scheme: 'solana' },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parsePaymentUri(text)).toEqual(expected);
  });

  it.each([
    ['empty', '   '],
    ['a web link', 'https://example.com/pay?to=0xabc'],
    ['a sentence', 'send it to my wallet please'],
    ['a URI without an address', 'bitcoin:?amount=1'],
    ['SEP-7 without a destination', 'web+stellar:pay?amount=5'],
  ])('holds no address: %s', (_name, text) => {
    expect(parsePaymentUri(text)).toBeNull();
  });
});

describe('scannedMemo', () => {
  it('is the memo of a payment URI, or the plain text of the code', () => {
    expect(scannedMemo('ripple:rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh?dt=42')).toBe('42');
    expect(scannedMemo(' 1234567 ')).toBe('1234567');
    expect(scannedMemo('bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBeNull();
    expect(scannedMemo('')).toBeNull();
  });
});
