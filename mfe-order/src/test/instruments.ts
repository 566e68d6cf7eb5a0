// Catalogue entries of the sample order's instruments (remote-kit/testing orderWith: BTC → ETH), as the api lists them.
import type { Instrument } from 'shared-contracts';

const base = { instrumentType: 'crypto', requiresMemo: false, provider: 'EXCHANGE', isActive: true } as const;

export const BTC: Instrument = {
  ...base,
  currencyTitle: 'BTC',
  networkTitle: 'BTC',
  slug: 'btc',
  bestChangeName: 'BTC',
  currencyFriendlyTitle: 'Bitcoin',
  currencyLogoLink: '/static/coins/btc.svg',
  precisionDecimals: 8,
  explorerTxUrl: 'https://mempool.space/tx/{hash}',
  explorerAddressUrl: 'https://mempool.space/address/{address}',
};

export const ETH: Instrument = {
  ...base,
  currencyTitle: 'ETH',
  networkTitle: 'ETH',
  slug: 'eth',
  bestChangeName: 'ETH',
  currencyFriendlyTitle: 'Ethereum',
  currencyLogoLink: '/static/coins/eth.svg',
  precisionDecimals: 6,
  explorerTxUrl: 'https://etherscan.io/tx/{hash}',
  explorerAddressUrl: 'https://etherscan.io/address/{address}',
};

const XRP: Instrument = {
  ...base,
  currencyTitle: 'XRP',
  networkTitle: 'XRP',
  slug: 'xrp',
  bestChangeName: 'XRP',
  currencyFriendlyTitle: 'Ripple',
  currencyLogoLink: '/static/coins/xrp.svg',
  requiresMemo: true,
  precisionDecimals: 6,
};

export const CATALOGUE: Instrument[] = [BTC, ETH, XRP];
