// The instrument catalogue seeded on startup (§3 Instrument plus reference data for pricing).
// Slugs are currency + network when they differ, lower-case, no separator: /exchange-{from}-{to} (§2).
import type { NewInstrumentRow } from '../../db/schema';

interface Entry {
  currency: string;
  network: string;
  name: string;
  bestChangeName: string;
  precision: number;
  /** multicoin-address-validator symbol; tokens and EVM chains use their base chain's format. */
  validator: string;
  confirmations: number;
  networkFee: string;
  memo?: boolean;
  minUsd?: string;
  maxUsd?: string;
  active?: boolean;
}

const crypto: Entry[] = [
  { currency: 'BTC', network: 'BTC', name: 'Bitcoin', bestChangeName: 'BTC', precision: 8, validator: 'btc', confirmations: 2, networkFee: '0.0001' },
  { currency: 'ETH', network: 'ETH', name: 'Ethereum', bestChangeName: 'ETH', precision: 8, validator: 'eth', confirmations: 12, networkFee: '0.002' },
  {
    currency: 'USDT',
    network: 'TRC20',
    name: 'Tether (TRC20)',
    bestChangeName: 'USDTTRC20',
    precision: 6,
    validator: 'trx',
    confirmations: 20,
    networkFee: '1',
  },
  {
    currency: 'USDT',
    network: 'ERC20',
    name: 'Tether (ERC20)',
    bestChangeName: 'USDTERC20',
    precision: 6,
    validator: 'eth',
    confirmations: 12,
    networkFee: '5',
    minUsd: '50',
  },
  {
    currency: 'USDC',
    network: 'ERC20',
    name: 'USD Coin (ERC20)',
    bestChangeName: 'USDCERC20',
    precision: 6,
    validator: 'eth',
    confirmations: 12,
    networkFee: '5',
    minUsd: '50',
  },
  { currency: 'LTC', network: 'LTC', name: 'Litecoin', bestChangeName: 'LTC', precision: 8, validator: 'ltc', confirmations: 6, networkFee: '0.001' },
  { currency: 'XRP', network: 'XRP', name: 'Ripple', bestChangeName: 'XRP', precision: 6, validator: 'xrp', confirmations: 1, networkFee: '0.2', memo: true },
  { currency: 'XLM', network: 'XLM', name: 'Stellar', bestChangeName: 'XLM', precision: 7, validator: 'xlm', confirmations: 1, networkFee: '0.01', memo: true },
  { currency: 'TON', network: 'TON', name: 'Toncoin', bestChangeName: 'TON', precision: 9, validator: 'ton', confirmations: 1, networkFee: '0.05', memo: true },
  { currency: 'SOL', network: 'SOL', name: 'Solana', bestChangeName: 'SOL', precision: 8, validator: 'sol', confirmations: 32, networkFee: '0.005' },
  { currency: 'DOGE', network: 'DOGE', name: 'Dogecoin', bestChangeName: 'DOGE', precision: 8, validator: 'doge', confirmations: 6, networkFee: '2' },
  { currency: 'TRX', network: 'TRX', name: 'Tron', bestChangeName: 'TRX', precision: 6, validator: 'trx', confirmations: 20, networkFee: '1' },
  { currency: 'BNB', network: 'BSC', name: 'BNB (BSC)', bestChangeName: 'BNBBEP20', precision: 8, validator: 'eth', confirmations: 15, networkFee: '0.0005' },
  { currency: 'ADA', network: 'ADA', name: 'Cardano', bestChangeName: 'ADA', precision: 6, validator: 'ada', confirmations: 15, networkFee: '0.5' },
  { currency: 'DOT', network: 'DOT', name: 'Polkadot', bestChangeName: 'DOT', precision: 8, validator: 'dot', confirmations: 12, networkFee: '0.1' },
  { currency: 'POL', network: 'POL', name: 'Polygon', bestChangeName: 'POL', precision: 8, validator: 'eth', confirmations: 128, networkFee: '0.1' },
  // Avalanche C-Chain: 0x addresses.
  {
    currency: 'AVAX',
    network: 'AVAX',
    name: 'Avalanche (C-Chain)',
    bestChangeName: 'AVAX',
    precision: 8,
    validator: 'eth',
    confirmations: 12,
    networkFee: '0.01',
  },
  { currency: 'BCH', network: 'BCH', name: 'Bitcoin Cash', bestChangeName: 'BCH', precision: 8, validator: 'bch', confirmations: 6, networkFee: '0.0005' },
  { currency: 'DASH', network: 'DASH', name: 'Dash', bestChangeName: 'DASH', precision: 8, validator: 'dash', confirmations: 6, networkFee: '0.001' },
  { currency: 'ZEC', network: 'ZEC', name: 'Zcash', bestChangeName: 'ZEC', precision: 8, validator: 'zec', confirmations: 24, networkFee: '0.001' },
  { currency: 'ETC', network: 'ETC', name: 'Ethereum Classic', bestChangeName: 'ETC', precision: 8, validator: 'etc', confirmations: 64, networkFee: '0.01' },
  { currency: 'ALGO', network: 'ALGO', name: 'Algorand', bestChangeName: 'ALGO', precision: 6, validator: 'algo', confirmations: 1, networkFee: '0.01' },
  // Listed but inactive: no liquidity provider for it yet (shown only with ?all=true).
  {
    currency: 'XMR',
    network: 'XMR',
    name: 'Monero',
    bestChangeName: 'XMR',
    precision: 8,
    validator: 'xmr',
    confirmations: 10,
    networkFee: '0.0005',
    active: false,
  },
];

function slugOf(currency: string, network: string): string {
  const c = currency.toLowerCase();
  const n = network.toLowerCase();
  return c === n ? c : `${c}${n}`;
}

const logo = (slug: string) => `/static/coins/${slug}.svg`;

export const INSTRUMENT_CATALOGUE: NewInstrumentRow[] = [
  ...crypto.map((e, i): NewInstrumentRow => {
    const slug = slugOf(e.currency, e.network);
    return {
      slug,
      currencyTitle: e.currency,
      networkTitle: e.network,
      bestChangeName: e.bestChangeName,
      currencyFriendlyTitle: e.name,
      currencyLogoLink: logo(slug),
      instrumentType: 'crypto',
      requiresMemo: e.memo ?? false,
      precisionDecimals: e.precision,
      provider: 'EXCHANGE',
      isActive: e.active ?? true,
      addressValidator: e.validator,
      requiredConfirmations: e.confirmations,
      networkFee: e.networkFee,
      minDepositUsd: e.minUsd ?? '20',
      maxDepositUsd: e.maxUsd ?? '100000',
      sortOrder: i,
    };
  }),
  ...(['USD', 'EUR'] as const).map(
    (cur, i): NewInstrumentRow => ({
      slug: cur.toLowerCase(),
      currencyTitle: cur,
      networkTitle: 'CARD',
      bestChangeName: `CARD${cur}`,
      currencyFriendlyTitle: cur === 'USD' ? 'US Dollar (card)' : 'Euro (card)',
      currencyLogoLink: logo(cur.toLowerCase()),
      instrumentType: 'fiat',
      requiresMemo: false,
      precisionDecimals: 2,
      provider: 'CARD',
      isActive: true,
      addressValidator: null,
      requiredConfirmations: 0,
      networkFee: '0',
      minDepositUsd: '30',
      maxDepositUsd: '5000',
      sortOrder: 100 + i,
    }),
  ),
];
