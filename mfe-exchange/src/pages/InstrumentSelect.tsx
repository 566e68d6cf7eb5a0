import type { Instrument } from 'shared-contracts';
import styles from './ExchangeForm.module.css';

export interface InstrumentSelectProps {
  id: string;
  label: string;
  instruments: readonly Instrument[];
  value: Instrument | null;
  onChange(slug: string): void;
  testId: string;
}

export function InstrumentSelect({ id, label, instruments, value, onChange, testId }: InstrumentSelectProps) {
  return (
    <span className={styles.instrument}>
      <select id={id} aria-label={label} className={styles.select} value={value?.slug ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {instruments.map((i) => (
          <option key={i.slug} value={i.slug}>
            {optionLabel(i)}
          </option>
        ))}
      </select>
      {value && (
        <span className={styles.badge} title={value.networkTitle} data-testid={`${testId}-network`}>
          {value.networkTitle}
        </span>
      )}
    </span>
  );
}

/** "Bitcoin", "Tether (TRC20)": the network only when the friendly title does not already say it. */
export function optionLabel(i: Instrument): string {
  return i.currencyFriendlyTitle.includes(i.networkTitle) || i.networkTitle === i.currencyTitle ? i.currencyFriendlyTitle : `${i.currencyFriendlyTitle} (${i.networkTitle})`;
}
