import type { Instrument } from 'shared-contracts';
import styles from './CoinLogo.module.css';

/** The sign drawn on a card instrument's logo; a fiat currency not listed shows its code. */
const FIAT_SIGNS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

/**
 * Hues of the best-known coins, near their own colours (the rest derive one from the code), so look-alike codes such as
 * USDT and USDC differ at a glance, not only by their last letter. Drawn dark enough for white letters in either theme.
 */
const HUES: Readonly<Record<string, number>> = { BTC: 30, ETH: 235, USDT: 165, USDC: 212, LTC: 0, XRP: 200, SOL: 275, TRX: 355, DOGE: 45, BNB: 50, TON: 205 };

export type CoinLogoInstrument = Pick<Instrument, 'currencyTitle' | 'slug'> & Partial<Pick<Instrument, 'instrumentType'>>;

function hueOf(code: string): number {
  if (code in HUES) return HUES[code];
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return hash;
}

/** A card instrument (§1 fiat: paid by card): its type when known, else a fiat currency code (a latest exchange's ref). */
function isCard(instrument: CoinLogoInstrument): boolean {
  return instrument.instrumentType ? instrument.instrumentType === 'fiat' : instrument.currencyTitle in FIAT_SIGNS;
}

/**
 * A coin's logo drawn here (no image request). A coin: its whole code (up to 4 letters, so USDT and USDC differ) on
 * its colour. A card instrument: a bank card with the currency's sign. Decoration: the code is always written beside it.
 */
export function CoinLogo({ instrument, size = 'md' }: { instrument: CoinLogoInstrument; size?: 'md' | 'lg' }) {
  const code = instrument.currencyTitle;
  const className = [styles.logo, size === 'lg' ? styles.lg : '', isCard(instrument) ? styles.card : code.length > 3 ? styles.long : '']
    .filter(Boolean)
    .join(' ');
  if (isCard(instrument)) {
    const sign = FIAT_SIGNS[code] ?? code.slice(0, 3);
    return (
      <span className={className} aria-hidden="true" data-testid={`logo-${instrument.slug}`} data-kind="card">
        <svg viewBox="0 0 28 28" width="100%" height="100%" aria-hidden="true" focusable="false">
          <rect x="1" y="5" width="26" height="18" rx="3.5" fill={`hsl(${hueOf(code)} 55% 28%)`} />
          <rect x="4.5" y="9" width="6" height="4.5" rx="1" fill="#e5c870" />
          <text x="19" y="19.5" textAnchor="middle" fontSize={sign.length > 1 ? 7 : 11} fontWeight="700" fill="#fff">
            {sign}
          </text>
        </svg>
      </span>
    );
  }
  return (
    <span
      className={className}
      style={{ background: `hsl(${hueOf(code)} 60% 28%)` }}
      aria-hidden="true"
      data-testid={`logo-${instrument.slug}`}
      data-kind="coin"
    >
      {code.slice(0, 4)}
    </span>
  );
}
