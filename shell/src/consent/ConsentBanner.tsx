// Issue 24: the cookie banner. In the page's flow above the header (never over the exchange form's controls, on any
// screen), shown by the server render too when the request carries no choice, so it does not move the page after
// hydration. Two equal choices, a link to the privacy policy; opened again from the footer's "Cookie settings" it says
// the current choice and takes focus. A choice moves focus to the page's main content.
import { useEffect, useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useShellT } from '../i18n/useShellT';
import { type ConsentChoice, pagePath } from 'shared-contracts';
import { formatCalendarDate } from 'remote-kit/format';
import { Button } from 'remote-kit/ui';
import { useStores } from '../stores/RootStore';
import { LocalLink } from '../host/LocalLink';
import s from './ConsentBanner.module.css';

export const ConsentBanner = observer(function ConsentBanner({ mainId }: { mainId: string }) {
  const { t, i18n } = useShellT();
  const { consent } = useStores();
  const titleId = useId();
  const textId = useId();
  const regionRef = useRef<HTMLElement>(null);
  const settingsOpen = consent.settingsOpen;

  useEffect(() => {
    if (!settingsOpen) return;
    regionRef.current?.scrollIntoView?.({ block: 'start' });
    regionRef.current?.focus();
  }, [settingsOpen]);

  if (!consent.asking) return null;
  const choose = (choice: ConsentChoice) => {
    consent.choose(choice);
    document.getElementById(mainId)?.focus({ preventScroll: true });
  };
  const current = settingsOpen ? consent.consent : null;
  return (
    <section ref={regionRef} className={s.banner} aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1} data-testid="consent-banner">
      <div className={`container ${s.inner}`}>
        <div className={s.copy}>
          <p id={titleId} className={s.title}>
            {t('consent.title')}
          </p>
          <p id={textId} className={s.text}>
            {t('consent.text')}{' '}
            <LocalLink to={pagePath('mfe_blog', 'Legal', { slug: 'privacy' })} data-testid="consent-policy-link">
              {t('consent.policy')}
            </LocalLink>
          </p>
          {current ? (
            <p className={s.text} data-testid="consent-current">
              {t(`consent.current_${current.choice}`, { date: formatCalendarDate(current.date, i18n.language) })}
            </p>
          ) : null}
        </div>
        <div className={s.actions}>
          <Button data-testid="consent-accept-all" onClick={() => choose('all')}>
            {t('consent.acceptAll')}
          </Button>
          <Button variant="secondary" data-testid="consent-essential-only" onClick={() => choose('essential')}>
            {t('consent.essentialOnly')}
          </Button>
          {current ? (
            <Button variant="ghost" data-testid="consent-keep" onClick={() => consent.closeSettings()}>
              {t('consent.close')}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
});
