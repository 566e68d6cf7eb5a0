import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

export function SupportPage({ host }: RemotePageProps) {
  const t = useT(host);
  return (
    <StaticPage title={t('support_title')}>
      <p className={styles.lead}>{t('support_text')}</p>
    </StaticPage>
  );
}
