import { explorerAddressLink, explorerHost, explorerTxLink } from './explorer';

const btc = { explorerTxUrl: 'https://mempool.space/tx/{hash}', explorerAddressUrl: 'https://mempool.space/address/{address}' };

describe('explorer links', () => {
  it('fills the template of the network', () => {
    expect(explorerTxLink(btc, 'abc123')).toBe('https://mempool.space/tx/abc123');
    expect(explorerAddressLink(btc, 'bc1qxyz')).toBe('https://mempool.space/address/bc1qxyz');
    expect(explorerTxLink({ explorerTxUrl: 'https://tronscan.org/#/transaction/{hash}' }, 'ff00')).toBe('https://tronscan.org/#/transaction/ff00');
  });

  it('encodes the value, so a hash cannot leave its path segment', () => {
    expect(explorerTxLink(btc, 'a/../b?x=1#y')).toBe('https://mempool.space/tx/a%2F..%2Fb%3Fx%3D1%23y');
  });

  it('gives no link without a template, without a value, or for a template that is not https', () => {
    expect(explorerTxLink(undefined, 'abc')).toBeUndefined();
    expect(explorerTxLink({}, 'abc')).toBeUndefined();
    expect(explorerTxLink(btc, null)).toBeUndefined();
    expect(explorerTxLink(btc, '  ')).toBeUndefined();
    expect(explorerTxLink({ explorerTxUrl: 'javascript:alert(1)//{hash}' }, 'abc')).toBeUndefined();
    expect(explorerTxLink({ explorerTxUrl: 'https://mempool.space/tx/' }, 'abc')).toBeUndefined();
    expect(explorerAddressLink({ explorerAddressUrl: undefined }, 'abc')).toBeUndefined();
  });

  it('names the explorer by its host', () => {
    expect(explorerHost('https://mempool.space/tx/abc')).toBe('mempool.space');
    expect(explorerHost('https://tronscan.org/#/transaction/ff')).toBe('tronscan.org');
  });
});
