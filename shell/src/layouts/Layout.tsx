import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SUPPORTED_LOCALES, type LocaleCode } from 'shared-contracts';
import type { LayoutName } from '../routing/routes';
import { switchLocalePath } from '../routing/routes';
import { useStores } from '../stores/RootStore';
import { LocalLink } from '../host/LocalLink';

const NAV: [string, string][] = [
  ['/', 'nav.exchange'],
  ['/popular-exchanges', 'nav.popular'],
  ['/blog', 'nav.blog'],
  ['/docs', 'nav.docs'],
  ['/roadmap', 'nav.roadmap'],
  ['/support', 'nav.support'],
];

const Header = observer(function Header() {
  const { t } = useTranslation('shell');
  const { locale, theme } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const switchTo = (code: LocaleCode) => {
    if (code === locale.current) return;
    locale.set(code);
    void navigate(`${switchLocalePath(location.pathname, code)}${location.search}${location.hash}`);
  };
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <LocalLink to="/" className="site-header__brand" data-testid="site-name">
          {t('siteName')}
        </LocalLink>
        <nav className="site-nav" aria-label="main">
          {NAV.map(([to, key]) => (
            <LocalLink key={to} to={to} className="site-nav__link">
              {t(key)}
            </LocalLink>
          ))}
        </nav>
        <div className="site-header__tools">
          {/* biome-ignore lint/a11y/useSemanticElements: a <fieldset> brings the UA's fieldset margin, padding and min-inline-size into this inline pill (.lang-switch in global.css); role="group" gives the same grouping to assistive tech */}
          <div className="lang-switch" role="group" aria-label={t('language')}>
            {SUPPORTED_LOCALES.map((code) => (
              <button
                key={code}
                type="button"
                data-testid={`lang-${code}`}
                aria-pressed={locale.current === code}
                className={locale.current === code ? 'is-active' : ''}
                onClick={() => switchTo(code)}
              >
                {code.toUpperCase()}
              </button>
            ))}
          </div>
          <AccountTools />
          <button
            type="button"
            className="theme-toggle"
            data-testid="theme-toggle"
            aria-label={t('theme.toggle')}
            title={t(`theme.${theme.current === 'light' ? 'dark' : 'light'}`)}
            onClick={() => theme.toggle()}
          >
            {theme.current === 'light' ? '☾' : '☀'}
          </button>
        </div>
      </div>
    </header>
  );
});

/** §4: sign in / sign up for guests; the account link and sign out for a signed-in user. */
const AccountTools = observer(function AccountTools() {
  const { t } = useTranslation('shell');
  const { session, dialogs } = useStores();
  if (session.isLoading) return <div className="account-tools" aria-busy="true" data-testid="account-loading" />;
  if (session.isAuthorised) {
    return (
      <div className="account-tools" data-testid="account-signed-in">
        <LocalLink to="/profile/info" className="account-tools__email" data-testid="header-account">
          {session.account?.email || t('account.profile')}
        </LocalLink>
        <button type="button" className="button button--ghost" data-testid="header-logout" onClick={() => void session.logout()}>
          {t('account.signOut')}
        </button>
      </div>
    );
  }
  return (
    <div className="account-tools" data-testid="account-guest">
      <button type="button" className="button button--ghost" data-testid="header-login" onClick={() => dialogs.openLogin()}>
        {t('account.signIn')}
      </button>
      <button type="button" className="button" data-testid="header-register" onClick={() => dialogs.openRegister()}>
        {t('account.register')}
      </button>
    </div>
  );
});

const Footer = observer(function Footer() {
  const { t } = useTranslation('shell');
  const { health } = useStores();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <span>{t('footer.rights')}</span>
        {health.sandbox && (
          <span className="sandbox-badge" data-testid="sandbox-mode">
            {t('footer.sandbox')}
          </span>
        )}
      </div>
    </footer>
  );
});

function Sidebar({ links }: { links: [string, string][] }) {
  const { t } = useTranslation('shell');
  return (
    <aside className="sidebar">
      <nav>
        {links.map(([to, key]) => (
          <LocalLink key={to} to={to} className="sidebar__link">
            {t(key)}
          </LocalLink>
        ))}
      </nav>
    </aside>
  );
}

export function Layout({ name, children }: { name: LayoutName; children?: ReactNode }) {
  const sidebar =
    name === 'blog-sidebar' ? (
      <Sidebar
        links={[
          ['/blog', 'nav.blog'],
          ['/roadmap', 'nav.roadmap'],
          ['/support', 'nav.support'],
        ]}
      />
    ) : name === 'docs-sidebar' ? (
      <Sidebar
        links={[
          ['/docs', 'nav.docs'],
          ['/support', 'nav.support'],
        ]}
      />
    ) : null;
  return (
    <div className={`layout layout--${name}`} data-testid={`layout-${name}`}>
      <Header />
      <main className={`container site-main${sidebar ? ' site-main--with-sidebar' : ''}`}>
        {sidebar}
        <div className="site-main__content">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
