// The deposit QR code's payload (issue 10): a payment URI with the amount where the network has a standard one,
// otherwise the bare address. Pure; amounts are decimal strings worked exactly (ExactDecimal), never floats.
//
//   BTC, LTC, DOGE, BCH, DASH   BIP21 and its forks      bitcoin:<addr>?amount=<coins>
//   ZEC                         ZIP-321                  zcash:<addr>?amount=<coins>
//   ETH, BSC, POL, AVAX, ETC    EIP-681 (native coin)    ethereum:<addr>@<chainId>?value=<wei>
//   ERC20 (and EVM tokens)      EIP-681 transfer         ethereum:<token>@<chainId>/transfer?address=<addr>&uint256=<units>
//   SOL                         Solana Pay               solana:<addr>?amount=<SOL>[&spl-token=<mint>]
//   TON                         TON transfer link        ton://transfer/<addr>?amount=<nanoton>[&text=<memo>]
//   XMR                         Monero URI               monero:<addr>?tx_amount=<XMR>
//   anything else (TRX/TRC20, XRP, XLM, ADA, DOT, ALGO…, a token whose contract is unknown): the bare address.
// A wallet that reads a URI still needs the memo/tag of XRP and XLM: it has its own QR code and copy button.
import { ExactDecimal } from 'remote-kit/format';

interface PaymentTarget {
  /** What is sent: its network, currency, and token contract when it is a token (the instrument catalogue). */
  instrument: { currencyTitle: string; networkTitle: string; token?: { contract: string; decimals: number } };
  address: string;
  /** Decimal string in units of the currency; absent, malformed or not positive: the URI carries no amount. */
  amount?: string | null;
  /** The memo/tag where the network needs one (only TON's link carries it, as the transfer comment). */
  memo?: string | null;
}

type Scheme =
  | { kind: 'bip21'; prefix: string; decimals: number; amountKey: string; native: readonly string[] }
  | { kind: 'evm'; chainId: number; native: readonly string[] }
  | { kind: 'solana'; native: readonly string[] }
  | { kind: 'ton'; native: readonly string[] };

const bip21 = (prefix: string, native: string, decimals = 8, amountKey = 'amount'): Scheme => ({
  kind: 'bip21',
  prefix,
  decimals,
  amountKey,
  native: [native],
});
const evm = (chainId: number, ...native: string[]): Scheme => ({ kind: 'evm', chainId, native });

/** By network title (the catalogue's), upper-case. */
const SCHEMES: Readonly<Record<string, Scheme>> = {
  BTC: bip21('bitcoin', 'BTC'),
  LTC: bip21('litecoin', 'LTC'),
  DOGE: bip21('dogecoin', 'DOGE'),
  BCH: bip21('bitcoincash', 'BCH'),
  DASH: bip21('dash', 'DASH'),
  ZEC: bip21('zcash', 'ZEC'),
  XMR: bip21('monero', 'XMR', 12, 'tx_amount'),
  ETH: evm(1, 'ETH'),
  ERC20: evm(1),
  BSC: evm(56, 'BNB'),
  BEP20: evm(56),
  POL: evm(137, 'POL', 'MATIC'),
  MATIC: evm(137, 'POL', 'MATIC'),
  AVAX: evm(43114, 'AVAX'),
  ETC: evm(61, 'ETC'),
  SOL: { kind: 'solana', native: ['SOL'] },
  TON: { kind: 'ton', native: ['TON'] },
};

/** Native-coin decimals of the smallest-unit schemes (wei, nanoton); Solana Pay takes SOL, not lamports. */
const EVM_DECIMALS = 18;
const TON_DECIMALS = 9;
const SOL_DECIMALS = 9;

/** A positive decimal amount, or undefined. */
function positive(amount: string | null | undefined): ExactDecimal | undefined {
  if (!amount || !/^\d+(\.\d+)?$/.test(amount.trim())) return undefined;
  const d = ExactDecimal.from(amount.trim());
  return d.isPositive() ? d : undefined;
}

/**
 * The amount in whole coins exactly as the order writes it (issue 23: the QR code carries the very string shown and
 * copied); undefined when it has more decimals than the coin.
 */
function coins(amount: ExactDecimal | undefined, decimals: number, text: string | null | undefined): string | undefined {
  return amount && text && amount.decimalPlaces() <= decimals ? text.trim() : undefined;
}

/** The amount in the smallest unit (wei, nanoton, token units); undefined when it is not a whole number of them. */
function units(amount: ExactDecimal | undefined, decimals: number): string | undefined {
  if (!amount) return undefined;
  const u = amount.times(ExactDecimal.unit(-decimals));
  return u.isInteger() ? u.toFixed() : undefined;
}

const query = (params: [string, string | undefined][]) => {
  const set = params.filter((p): p is [string, string] => p[1] !== undefined);
  return set.length ? `?${set.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';
};

/** The QR payload of a deposit: a payment URI where the network has a standard one, else the address. */
export function paymentUri({ instrument, address, amount, memo }: PaymentTarget): string {
  const addr = address.trim();
  const scheme = SCHEMES[instrument.networkTitle.toUpperCase()];
  if (!scheme || !addr) return addr;
  const currency = instrument.currencyTitle.toUpperCase();
  const token = instrument.token;
  const isNative = !token && scheme.native.includes(currency);
  const value = positive(amount);
  switch (scheme.kind) {
    case 'bip21': {
      if (!isNative) return addr;
      // a CashAddr may already carry its prefix
      const bare = addr.toLowerCase().startsWith(`${scheme.prefix}:`) ? addr.slice(scheme.prefix.length + 1) : addr;
      return `${scheme.prefix}:${bare}${query([[scheme.amountKey, coins(value, scheme.decimals, amount)]])}`;
    }
    case 'evm':
      if (isNative) return `ethereum:${addr}@${scheme.chainId}${query([['value', units(value, EVM_DECIMALS)]])}`;
      if (token)
        return `ethereum:${token.contract}@${scheme.chainId}/transfer${query([
          ['address', addr],
          ['uint256', units(value, token.decimals)],
        ])}`;
      return addr; // a token whose contract is unknown: a URI could only name the native coin
    case 'solana':
      if (isNative) return `solana:${addr}${query([['amount', coins(value, SOL_DECIMALS, amount)]])}`;
      if (token)
        return `solana:${addr}${query([
          ['amount', coins(value, token.decimals, amount)],
          ['spl-token', token.contract],
        ])}`;
      return addr;
    case 'ton':
      if (!isNative) return addr;
      return `ton://transfer/${addr}${query([
        ['amount', units(value, TON_DECIMALS)],
        ['text', memo?.trim() || undefined],
      ])}`;
  }
}
