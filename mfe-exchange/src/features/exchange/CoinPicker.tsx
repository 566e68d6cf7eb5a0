// The coin selector's dialog (§2), its own chunk: a search field and the matching coins, best match first
// (lib/matchInstruments), each with its logo, name and network. Keyboard: type to filter, Enter takes the first match,
// ↓ enters the list, ↑/↓/Home/End move in it, Enter picks, Escape closes (focus goes back to the selector's button).
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Instrument } from 'shared-contracts';
import { Badge, Button, Dialog, LineIcon, LiveRegion, TextField, VisuallyHidden } from 'remote-kit/ui';
import { matchInstruments } from '../../lib/matchInstruments';
import { CoinLogo } from '../../ui/CoinLogo';
import styles from './InstrumentSelect.module.css';

interface CoinPickerProps {
  label: string;
  instruments: readonly Instrument[];
  value: Instrument | null;
  onPick(slug: string): void;
  onClose(): void;
  testId: string;
  t: TFunction;
}

export default function CoinPicker({ label, instruments, value, onPick, onClose, testId, t }: CoinPickerProps) {
  const [search, setSearch] = useState('');
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => matchInstruments(instruments, search), [instruments, search]);

  const options = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      options()[0]?.focus();
    } else if (e.key === 'Enter' && shown[0]) {
      e.preventDefault();
      onPick(shown[0].slug);
    }
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = options();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to = { ArrowDown: Math.min(at + 1, list.length - 1), ArrowUp: at - 1, Home: 0, End: list.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    if (to < 0) searchRef.current?.focus();
    else list[to].focus();
  };

  return (
    <Dialog open onClose={onClose} title={label} closeLabel={t('close')} size="sm" data-testid={`${testId}-dialog`}>
      <div className={styles.picker}>
        <TextField
          ref={searchRef}
          label={t('search_currency')}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={onSearchKey}
          aria-controls={listId}
          data-testid={`${testId}-search`}
        />
        <LiveRegion>{search.trim() ? t('currencies_found', { count: shown.length }) : ''}</LiveRegion>
        {shown.length === 0 ? <p className={styles.empty}>{t('no_currency_found')}</p> : null}
        <ul ref={listRef} id={listId} aria-label={label} className={styles.options} onKeyDown={onListKey}>
          {shown.map((i) => {
            const current = i.slug === value?.slug;
            return (
              <li key={i.slug}>
                <Button variant="ghost" block aria-current={current || undefined} onClick={() => onPick(i.slug)} data-testid={`${testId}-option-${i.slug}`}>
                  <span className={styles.option}>
                    <CoinLogo instrument={i} />
                    <span className={styles.code}>{i.currencyTitle}</span>
                    <VisuallyHidden> — </VisuallyHidden>
                    <span className={styles.name}>{i.currencyFriendlyTitle}</span>
                    <VisuallyHidden>{t('network_prefix')}</VisuallyHidden>
                    <Badge>{i.networkTitle}</Badge>
                    <LineIcon className={styles.check} d="M5 12l5 5 9-10" size={18} visibility={current ? undefined : 'hidden'} />
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
    </Dialog>
  );
}
