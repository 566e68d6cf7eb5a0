// The order lookup by deposit transaction hash (§2 /support, issue 13): the answer never says whether an order matched.
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import type { HostServices, LocaleCode } from 'shared-contracts';
import { Button, Card, TextField, textStyles } from 'remote-kit/ui';
import { SupportLookupStore, TX_HASH_MAX } from './supportLookupStore';
import { useT } from '../../useT';
import styles from './support.module.css';

export const SupportPageLookup = observer(function SupportPageLookup({ host, locale }: { host: HostServices; locale: LocaleCode }) {
  const t = useT(host);
  const [store] = useState(() => new SupportLookupStore({ api: host.api, locale }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.submit();
  };
  return (
    <Card title={t('support_lookup_title')} data-testid="support-lookup">
      <p className={textStyles.text}>{t('support_lookup_text')}</p>
      {store.state === 'sent' ? (
        <div role="status" data-testid="support-lookup-sent">
          <p className={textStyles.text}>{t('support_lookup_sent')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => store.reset()}>
              {t('support_lookup_again')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={t('support_lookup_field')}
            name="txHash"
            autoComplete="off"
            spellCheck={false}
            maxLength={TX_HASH_MAX}
            value={store.txHash}
            onChange={(e) => store.set(e.target.value)}
            error={store.error ? t(store.error) : undefined}
            data-testid="support-lookup-hash"
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" loading={store.state === 'sending'} data-testid="support-lookup-send">
              {t('support_lookup_send')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
});
