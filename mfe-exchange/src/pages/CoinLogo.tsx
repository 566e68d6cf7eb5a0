import type { Instrument } from 'shared-contracts';
import styles from './ExchangeForm.module.css';

/** A generated logo: the currency's initials on a colour derived from its code (no image request). */
export function CoinLogo({ instrument }: { instrument: Pick<Instrument, 'currencyTitle' | 'slug'> }) {
  let hash = 0;
  for (const ch of instrument.currencyTitle) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span className={styles.logo} style={{ background: `hsl(${hash} 55% 45%)` }} aria-hidden="true" data-testid={`logo-${instrument.slug}`}>
      {instrument.currencyTitle.slice(0, 3)}
    </span>
  );
}
