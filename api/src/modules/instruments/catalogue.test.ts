import { InstrumentSchema } from 'shared-contracts/server';
import type { InstrumentRow } from '../../db/schema';
import { chainDetails, INSTRUMENT_CATALOGUE, NETWORK_EXPLORERS } from './catalogue';
import { toRecord } from './repo';

const now = new Date();
const rows: InstrumentRow[] = INSTRUMENT_CATALOGUE.map((r) => ({
  requiresMemo: false,
  isActive: true,
  addressValidator: null,
  requiredConfirmations: 0,
  networkFee: '0',
  sortOrder: 0,
  createdAt: now,
  updatedAt: now,
  ...r,
}));
const publicOf = (slug: string) => toRecord(rows.find((r) => r.slug === slug)!).public;

describe('instrument catalogue: block explorers (issue 10)', () => {
  it('gives every crypto network of the catalogue a transaction explorer, and the card instruments none', () => {
    for (const row of rows) {
      const instrument = toRecord(row).public;
      expect(InstrumentSchema.parse(instrument)).toEqual(instrument);
      if (row.instrumentType === 'fiat') {
        expect(instrument.explorerTxUrl).toBeUndefined();
        expect(instrument.explorerAddressUrl).toBeUndefined();
      } else {
        expect({ slug: row.slug, tx: instrument.explorerTxUrl }).toEqual({ slug: row.slug, tx: expect.stringMatching(/^https:\/\/[^{}]+\{hash\}$/) });
      }
    }
  });

  it('templates are https URLs with their placeholder, which give a valid URL once filled', () => {
    for (const [network, { tx, address }] of Object.entries(NETWORK_EXPLORERS)) {
      expect({ network, ok: tx.startsWith('https://') && tx.includes('{hash}') }).toEqual({ network, ok: true });
      expect(new URL(tx.replace('{hash}', 'abc123')).protocol).toBe('https:');
      if (address) expect(new URL(address.replace('{address}', 'addr1')).protocol).toBe('https:');
    }
  });

  it('uses the network’s public explorer', () => {
    expect(publicOf('btc')).toMatchObject({ explorerTxUrl: 'https://mempool.space/tx/{hash}', explorerAddressUrl: 'https://mempool.space/address/{address}' });
    expect(publicOf('eth').explorerTxUrl).toBe('https://etherscan.io/tx/{hash}');
    expect(publicOf('usdterc20').explorerTxUrl).toBe('https://etherscan.io/tx/{hash}');
    expect(publicOf('usdttrc20').explorerTxUrl).toBe('https://tronscan.org/#/transaction/{hash}');
    expect(publicOf('bnbbsc').explorerTxUrl).toBe('https://bscscan.com/tx/{hash}');
    expect(publicOf('sol')).toMatchObject({ explorerTxUrl: 'https://solscan.io/tx/{hash}', explorerAddressUrl: 'https://solscan.io/account/{address}' });
    expect(publicOf('ton').explorerTxUrl).toBe('https://tonviewer.com/transaction/{hash}');
    // Monero addresses are not public: no address explorer
    expect(publicOf('xmr').explorerTxUrl).toBe('https://xmrchain.net/tx/{hash}');
    expect(publicOf('xmr').explorerAddressUrl).toBeUndefined();
  });

  it('names the token contract and on-chain decimals of tokens, and nothing for native coins', () => {
    expect(publicOf('usdterc20').token).toEqual({ contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 });
    expect(publicOf('usdcerc20').token).toEqual({ contract: '0xA0b86991c6218b36c1d19D4a2E9Eb0cE3606eB48', decimals: 6 });
    expect(publicOf('eth').token).toBeUndefined();
    expect(chainDetails('nope', 'UNKNOWN')).toEqual({});
  });
});
