import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Instrument } from 'shared-contracts';
import { CoinLogo } from './CoinLogo';
import styles from './ExchangeForm.module.css';

export interface InstrumentSelectProps {
  label: string;
  instruments: readonly Instrument[];
  value: Instrument | null;
  onChange(slug: string): void;
  testId: string;
  t: TFunction;
}

/** §2 coin selector: search, logo and network badge. */
export function InstrumentSelect({ label, instruments, value, onChange, testId, t }: InstrumentSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const listId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  // The search field takes the focus when the picker opens (an effect, not autoFocus: only on this explicit open).
  useEffect(() => {
    if (open) searchInput.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return instruments;
    return instruments.filter((i) => [i.currencyTitle, i.currencyFriendlyTitle, i.networkTitle, i.slug].some((s) => s.toLowerCase().includes(q)));
  }, [instruments, search]);

  const pick = (slug: string) => {
    setOpen(false);
    setSearch('');
    onChange(slug);
  };

  return (
    <span className={styles.instrument} ref={root}>
      <button
        type="button"
        className={styles.select}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
        data-slug={value?.slug ?? ''}
      >
        {value ? (
          <>
            <CoinLogo instrument={value} /> {value.currencyTitle}
          </>
        ) : (
          '—'
        )}
      </button>
      {value && (
        <span className={styles.badge} title={value.networkTitle} data-testid={`${testId}-network`}>
          {value.networkTitle}
        </span>
      )}
      {open && (
        <div className={styles.dropdown} id={listId}>
          <input
            ref={searchInput}
            className={styles.search}
            placeholder={t('search_currency')}
            aria-label={t('search_currency')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
              if (e.key === 'Enter' && shown[0]) {
                e.preventDefault();
                pick(shown[0].slug);
              }
            }}
            data-testid={`${testId}-search`}
          />
          {/* A list of buttons (focusable, Enter/Space pick), not an ARIA listbox: no roving focus to maintain. */}
          <ul aria-label={label} className={styles.options}>
            {shown.length === 0 ? <li className={styles.muted}>{t('no_currency_found')}</li> : null}
            {shown.map((i) => (
              <li key={i.slug}>
                <button
                  type="button"
                  aria-current={i.slug === value?.slug ? 'true' : undefined}
                  className={styles.option}
                  onClick={() => pick(i.slug)}
                  data-testid={`${testId}-option-${i.slug}`}
                >
                  <CoinLogo instrument={i} /> <span>{i.currencyTitle}</span> <span className={styles.muted}>{i.currencyFriendlyTitle}</span>{' '}
                  <span className={styles.badge}>{i.networkTitle}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </span>
  );
}
