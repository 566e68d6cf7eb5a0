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

/** A network's block explorer (issue 10): `{hash}` and `{address}` are replaced by the URI-encoded value. */
interface NetworkExplorer {
  tx: string;
  /** Absent where addresses are not public on the chain (Monero). */
  address?: string;
}

const scan = (origin: string, tx = 'tx', address = 'address'): NetworkExplorer => ({
  tx: `${origin}/${tx}/{hash}`,
  address: `${origin}/${address}/{address}`,
});
const blockchair = (chain: string) => scan(`https://blockchair.com/${chain}`, 'transaction');

/**
 * The block explorer of every network of the catalogue, by network title: the public explorer a customer of that
 * chain would use. A network missing here (or the card networks) gets no template: the order page shows its
 * hashes as plain text. In sandbox mode the hashes are made up and the links lead to "not found": the catalogue
 * stays the truth of the network, as the deposit addresses do.
 */
export const NETWORK_EXPLORERS: Readonly<Record<string, NetworkExplorer>> = {
  BTC: scan('https://mempool.space'),
  ETH: scan('https://etherscan.io'),
  ERC20: scan('https://etherscan.io'),
  TRX: scan('https://tronscan.org/#', 'transaction'),
  TRC20: scan('https://tronscan.org/#', 'transaction'),
  BSC: scan('https://bscscan.com'),
  SOL: scan('https://solscan.io', 'tx', 'account'),
  LTC: scan('https://litecoinspace.org'),
  XRP: scan('https://livenet.xrpl.org', 'transactions', 'accounts'),
  XLM: scan('https://stellar.expert/explorer/public', 'tx', 'account'),
  TON: { tx: 'https://tonviewer.com/transaction/{hash}', address: 'https://tonviewer.com/{address}' },
  DOGE: blockchair('dogecoin'),
  ADA: scan('https://cardanoscan.io', 'transaction'),
  DOT: scan('https://polkadot.subscan.io', 'extrinsic', 'account'),
  POL: scan('https://polygonscan.com'),
  AVAX: scan('https://snowtrace.io'),
  BCH: blockchair('bitcoin-cash'),
  DASH: blockchair('dash'),
  ZEC: blockchair('zcash'),
  ETC: scan('https://etc.blockscout.com'),
  ALGO: scan('https://allo.info', 'tx', 'account'),
  XMR: { tx: 'https://xmrchain.net/tx/{hash}' },
};

/** Tokens of the catalogue, by slug: contract address and on-chain decimals (payment URIs that name the token). */
const TOKEN_CONTRACTS: Readonly<Record<string, { contract: string; decimals: number }>> = {
  usdterc20: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
  usdcerc20: { contract: '0xA0b86991c6218b36c1d19D4a2E9Eb0cE3606eB48', decimals: 6 },
  usdttrc20: { contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 },
};

/**
 * The chain details of an instrument that live in code, not in its database row (§3 Instrument, contract 1.3):
 * explorer templates by network, token contract by slug. Fiat (card) instruments have none.
 */
export function chainDetails(
  slug: string,
  networkTitle: string,
): { explorerTxUrl?: string; explorerAddressUrl?: string; token?: { contract: string; decimals: number } } {
  const explorer = NETWORK_EXPLORERS[networkTitle.toUpperCase()];
  const token = TOKEN_CONTRACTS[slug];
  return {
    ...(explorer ? { explorerTxUrl: explorer.tx } : {}),
    ...(explorer?.address ? { explorerAddressUrl: explorer.address } : {}),
    ...(token ? { token: { ...token } } : {}),
  };
}

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
