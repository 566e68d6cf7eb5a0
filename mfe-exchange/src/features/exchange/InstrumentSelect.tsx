import { lazy, Suspense, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Instrument } from 'shared-contracts';
import { Badge, Button, LineIcon, VisuallyHidden } from 'remote-kit/ui';
import { CoinLogo } from '../../ui/CoinLogo';
import styles from './InstrumentSelect.module.css';

// The searchable list opens in a dialog of its own, asked for on the first opening (not on the first paint).
const CoinPicker = lazy(() => import(/* webpackChunkName: "coin-picker" */ './CoinPicker'));

export interface InstrumentSelectProps {
  /** What is chosen, e.g. "Currency to send": the dialog's title and the button's name. */
  label: string;
  instruments: readonly Instrument[];
  value: Instrument | null;
  onChange(slug: string): void;
  testId: string;
  t: TFunction;
}

/** §2 coin selector: the chosen coin's logo, code and network badge; opens a dialog with a searchable list. */
export function InstrumentSelect({ label, instruments, value, onChange, testId, t }: InstrumentSelectProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid={testId}
        data-slug={value?.slug ?? ''}
      >
        {/* the name is the visible text with the words a listener needs around it (axe: label-content-name-mismatch) */}
        <VisuallyHidden>{`${label}: `}</VisuallyHidden>
        {value ? (
          <span className={styles.chosen}>
            <CoinLogo instrument={value} />
            <span>{value.currencyTitle}</span>
            <VisuallyHidden>{t('network_prefix')}</VisuallyHidden>
            <span data-testid={`${testId}-network`}>
              <Badge tone="info">{value.networkTitle}</Badge>
            </span>
          </span>
        ) : (
          '—'
        )}
        <LineIcon d="M6 9l6 6 6-6" size={16} />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CoinPicker
            label={label}
            instruments={instruments}
            value={value}
            onPick={(slug) => {
              setOpen(false);
              onChange(slug);
            }}
            onClose={() => setOpen(false)}
            testId={testId}
            t={t}
          />
        </Suspense>
      ) : null}
    </>
  );
}
