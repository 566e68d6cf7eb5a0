// Issue 29: the maximum slippage of a floating order, in the details part of the form. A few presets and a custom
// percent; the store keeps the fraction the order is created with (MAX_SLIPPAGE's default and bounds, as the api checks).
import { useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import { MAX_SLIPPAGE } from 'shared-contracts';
import { ExactDecimal, toLocaleDecimal } from 'remote-kit/format';
import { TextField } from 'remote-kit/ui';
import type { ExchangeDetailsStore } from './ExchangeDetailsStore';
import styles from './SlippageControl.module.css';

/** The presets, as fractions: 0.5 %, 1 % (the default) and 2 %. */
const PRESETS = ['0.005', MAX_SLIPPAGE.default, '0.02'] as const;

/** A percent as typed ("1,5" or "1.5") as the fraction the api takes, or null when it is not one within the bounds. */
export function slippageOfPercent(text: string): string | null {
  const percent = ExactDecimal.parse(text.trim().replace(',', '.'));
  if (!percent) return null;
  const fraction = percent.times('0.01');
  if (fraction.lt(MAX_SLIPPAGE.min) || fraction.gt(MAX_SLIPPAGE.max) || fraction.decimalPlaces() > 4) return null;
  return fraction.toFixed();
}

const percentOf = (fraction: string) => ExactDecimal.from(fraction).times(100).toFixed();

export const SlippageControl = observer(function SlippageControl({
  store,
  id,
  locale,
  t,
}: {
  store: ExchangeDetailsStore;
  /** The custom field's id: a refused submit focuses it. */
  id: string;
  locale: string;
  t: TFunction;
}) {
  const name = useId();
  const noteId = `${name}-note`;
  const chosen = store.maxSlippage;
  const [custom, setCustom] = useState(() => chosen !== null && !PRESETS.includes(chosen as (typeof PRESETS)[number]));
  const [text, setText] = useState(() => (chosen ? toLocaleDecimal(percentOf(chosen), locale) : ''));
  const pct = (fraction: string) => t('slippage_percent', { value: toLocaleDecimal(percentOf(fraction), locale) });
  const typedWrong = custom && text.trim() !== '' && slippageOfPercent(text) === null;
  const error = typedWrong || store.errors.maxSlippage ? t('error_slippage_range', { min: pct(MAX_SLIPPAGE.min), max: pct(MAX_SLIPPAGE.max) }) : null;
  return (
    <fieldset className={styles.group} aria-describedby={noteId} data-testid="slippage" data-value={chosen ?? ''}>
      <legend className={styles.legend}>{t('slippage_label')}</legend>
      <div className={styles.presets}>
        {PRESETS.map((preset) => (
          <label key={preset} className={styles.preset}>
            <input
              type="radio"
              name={name}
              checked={!custom && chosen === preset}
              onChange={() => {
                setCustom(false);
                store.setMaxSlippage(preset);
              }}
              data-testid={`slippage-preset-${preset}`}
            />
            {pct(preset)}
          </label>
        ))}
        <label className={styles.preset}>
          <input
            type="radio"
            name={name}
            checked={custom}
            onChange={() => {
              setCustom(true);
              store.setMaxSlippage(slippageOfPercent(text));
            }}
            data-testid="slippage-custom"
          />
          {t('slippage_custom')}
        </label>
      </div>
      {custom ? (
        <TextField
          id={id}
          label={t('slippage_custom_label', { min: pct(MAX_SLIPPAGE.min), max: pct(MAX_SLIPPAGE.max) })}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            store.setMaxSlippage(slippageOfPercent(e.target.value));
          }}
          error={
            error ? (
              <span role="alert" data-testid="slippage-error">
                {error}
              </span>
            ) : undefined
          }
          data-testid="slippage-custom-value"
        />
      ) : null}
      <p className={styles.note} id={noteId}>
        {t('slippage_note', { value: chosen ? pct(chosen) : '…' })}
      </p>
    </fieldset>
  );
});
