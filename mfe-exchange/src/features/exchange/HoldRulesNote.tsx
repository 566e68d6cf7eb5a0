import type { TFunction } from 'i18next';
import type { HoldRule, PairData } from 'shared-contracts';
import { formatAmount } from 'remote-kit/format';
import styles from './ExchangeForm.module.css';

/** A threshold the api named is shown whole (cutting it would move the line), only grouped. */
const EXACT = 18;

/**
 * Issue 29 "no surprise holds": before the deposit, what would hold this order. A rule the quoted amount already
 * crosses is said plainly with the refund promise; the pair's other rules, the refund and the AML/KYC policy's link
 * sit in a disclosure under it (native <details>: no script, the same on the server and after hydration).
 */
export function HoldRulesNote({ pair, t, locale }: { pair: PairData; t: TFunction; locale: string }) {
  const rules = pair.holdRules;
  if (!rules) return null;
  const currency = pair.instrumentFrom.currencyTitle;
  const vars = (rule: HoldRule) => ({ threshold: rule.threshold ? formatAmount(rule.threshold, { locale, maxDecimals: EXACT }) : '', currency });
  const refund = t('hold_rules_refund', {
    hours: rules.refundWithinHours,
    count: rules.refundWithinHours,
    fee: formatAmount(rules.refundNetworkFee, { locale, maxDecimals: EXACT }),
    currency,
  });
  const applying = rules.rules.filter((r) => r.appliesToQuotedAmount);
  const policy = `${locale === 'en' ? '' : `/${locale}`}/aml-kyc`;
  return (
    <div className={styles.holdRules} data-testid="hold-rules">
      {applying.map((rule) => (
        <p key={rule.reason} className={styles.holdApplies} role="note" data-testid="hold-rule-applies" data-reason={rule.reason}>
          {t(`hold_applies_${rule.reason}`, vars(rule))} {refund}
        </p>
      ))}
      <details className={styles.note}>
        <summary data-testid="hold-rules-summary">{t('hold_rules_summary')}</summary>
        <ul className={styles.holdList}>
          {rules.rules.map((rule) => (
            <li key={rule.reason} data-testid="hold-rule" data-reason={rule.reason}>
              {t(`hold_rule_${rule.reason}`, vars(rule))}
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          {refund}{' '}
          <a href={policy} data-testid="hold-rules-policy">
            {t('hold_rules_policy')}
          </a>
        </p>
      </details>
    </div>
  );
}
