import type { Instrument } from 'shared-contracts';
import styles from './CoinLogo.module.css';

/**
 * A coin's logo drawn here (no image request): its code's first letters on a colour derived from the code, dark
 * enough for white letters in either theme. Decoration: the code is always written beside it.
 */
export function CoinLogo({ instrument, size = 'md' }: { instrument: Pick<Instrument, 'currencyTitle' | 'slug'>; size?: 'md' | 'lg' }) {
  let hash = 0;
  for (const ch of instrument.currencyTitle) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      className={size === 'lg' ? `${styles.logo} ${styles.lg}` : styles.logo}
      style={{ background: `hsl(${hash} 60% 28%)` }}
      aria-hidden="true"
      data-testid={`logo-${instrument.slug}`}
    >
      {instrument.currencyTitle.slice(0, 3)}
    </span>
  );
}
