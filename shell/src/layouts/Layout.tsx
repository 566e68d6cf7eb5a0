import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useShellT } from '../i18n/useShellT';
import { useLocation, useNavigate } from '../routing/RouterProvider';
import { SUPPORTED_LOCALES, type LocaleCode, pagePath } from 'shared-contracts';
import { Button } from 'remote-kit/ui';
import type { LayoutName } from '../routing/routes';
import { switchLocalePath } from '../routing/routes';
import { useStores } from '../stores/RootStore';
import { LocalLink } from '../host/LocalLink';
import { LogoMark } from '../components/Logo';
import { ConsentBanner } from '../consent/ConsentBanner';
import s from './Layout.module.css';

/**
 * The header's links; `secondary` ones are in the menu on a narrow screen and in the footer on a wide one; `headerOnly`
 * ones are not repeated in the footer.
 */
const NAV: { to: string; key: string; secondary?: boolean; headerOnly?: boolean; testId?: string; icon?: () => ReactNode }[] = [
  { to: '/', key: 'nav.exchange' },
  // Issue 25: the card purchase's own entry (the USD card option, §4 card flow), not only the bottom of the coin list.
  { to: '/exchange-usd-btc', key: 'nav.buyWithCard', headerOnly: true, testId: 'header-buy-with-card', icon: CardIcon },
  { to: '/popular-exchanges', key: 'nav.popular' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/docs', key: 'nav.docs', secondary: true },
  { to: '/roadmap', key: 'nav.roadmap', secondary: true },
  { to: '/support', key: 'nav.support', secondary: true },
];

/** The id of `<main>`: the skip link's target. */
const MAIN_ID = 'main-content';

/**
 * Mobile first: below the breakpoint (Layout.module.css) the navigation, the language switch, the account tools and
 * the theme toggle are one panel behind a menu button; from it up they sit in the header's row. One DOM for both,
 * so every control (and data-testid) exists once.
 */
const Header = observer(function Header() {
  const { t } = useShellT();
  const { dialogs } = useStores();
  const location = useLocation();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  // The menu is open for the location it was opened at: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Issue 25: an account dialog (opened from the menu or from a page) closes the menu, which would otherwise stay open
  // behind it. Its opener in the menu is then hidden, so when the dialog closes the focus goes to the menu button.
  const dialogOpen = dialogs.open !== null;
  const closedForDialog = useRef(false);
  useEffect(() => {
    if (dialogOpen) {
      if (openAt === null) return;
      closedForDialog.current = true;
      setOpenAt(null);
      return;
    }
    if (!closedForDialog.current) return;
    closedForDialog.current = false;
    const active = document.activeElement;
    const panel = document.getElementById(panelId);
    if (!active || active === document.body || panel?.contains(active)) buttonRef.current?.focus();
  }, [dialogOpen, openAt, panelId]);

  // A link in the panel (also one to the page already shown) closes the menu.
  const onPanelClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest('a')) close(false);
  };

  return (
    <header ref={headerRef} className={s.header}>
      <div className={`container ${s.bar}`}>
        <LocalLink to="/" className={s.brand} data-testid="site-name">
          <LogoMark size={32} className={s.mark} />
          <span>{t('siteName')}</span>
        </LocalLink>
        <div className={s.menuToggle}>
          <Button
            ref={buttonRef}
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            data-testid="menu-toggle"
            onClick={() => setOpenAt(open ? null : location.key)}
          >
            <MenuIcon open={open} />
            {t('menu')}
          </Button>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: not a control: a click on one of its links (each focusable and keyboard-operable) also closes the menu */}
        <div id={panelId} className={s.panel} data-open={open} data-testid="site-menu" onClick={onPanelClick}>
          <nav className={s.nav} aria-label={t('nav.label')}>
            <ul className={s.navList}>
              {NAV.map(({ to, key, secondary, testId, icon: Icon }) => (
                <li key={to} className={secondary ? s.secondaryItem : undefined}>
                  <LocalLink to={to} className={Icon ? `${s.navLink} ${s.navLinkWithIcon}` : s.navLink} data-testid={testId}>
                    {Icon && <Icon />}
                    {t(key)}
                  </LocalLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={s.tools}>
            <LanguageSwitch />
            <ThemeToggle />
            <AccountTools />
          </div>
        </div>
      </div>
    </header>
  );
});

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <rect x="3" y="5.5" width="18" height="13" rx="2" />
        <path d="M3 10h18M7 15h4" strokeLinecap="round" />
      </g>
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </g>
    </svg>
  );
}

const LanguageSwitch = observer(function LanguageSwitch() {
  const { t } = useShellT();
  const { locale } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const switchTo = (code: LocaleCode) => {
    if (code === locale.current) return;
    locale.set(code);
    void navigate(`${switchLocalePath(location.pathname, code)}${location.search}${location.hash}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> brings the UA's fieldset margin, padding and min-inline-size into this inline pill; role="group" gives the same grouping to assistive tech
    <div className={s.langSwitch} role="group" aria-label={t('language')}>
      {SUPPORTED_LOCALES.map((code) => (
        <button key={code} type="button" lang={code} data-testid={`lang-${code}`} aria-pressed={locale.current === code} onClick={() => switchTo(code)}>
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
});

const ThemeToggle = observer(function ThemeToggle() {
  const { t } = useShellT();
  const { theme } = useStores();
  const dark = theme.current === 'dark';
  return (
    <button type="button" className={s.iconButton} data-testid="theme-toggle" aria-label={t('theme.toggle')} aria-pressed={dark} onClick={() => theme.toggle()}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        {dark ? (
          <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
          </g>
        ) : (
          <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
        )}
      </svg>
    </button>
  );
});

/** §4: sign in / sign up for guests; the account link and sign out for a signed-in user. */
const AccountTools = observer(function AccountTools() {
  const { t } = useShellT();
  const { session, dialogs } = useStores();
  if (session.isLoading) return <div className={s.account} aria-busy="true" data-testid="account-loading" />;
  if (session.isAuthorised) {
    return (
      <div className={s.account} data-testid="account-signed-in">
        <LocalLink to={pagePath('mfe_profile', 'ProfileInfo')} className={s.accountLink} data-testid="header-account">
          {session.account?.email || t('account.profile')}
        </LocalLink>
        <Button variant="secondary" data-testid="header-logout" onClick={() => void session.logout()}>
          {t('account.signOut')}
        </Button>
      </div>
    );
  }
  return (
    <div className={s.account} data-testid="account-guest">
      <Button variant="secondary" data-testid="header-login" onClick={() => dialogs.openLogin()}>
        {t('account.signIn')}
      </Button>
      <Button data-testid="header-register" onClick={() => dialogs.openRegister()}>
        {t('account.register')}
      </Button>
    </div>
  );
});

/** Issue 24: the legal pages, linked from every page's footer. */
const LEGAL: { to: string; key: string }[] = [
  { to: '/terms', key: 'nav.terms' },
  { to: '/privacy', key: 'nav.privacy' },
  { to: '/aml-kyc', key: 'nav.aml-kyc' },
];

const Footer = observer(function Footer() {
  const { t } = useShellT();
  const { health, consent } = useStores();
  return (
    <footer className={s.footer}>
      <div className={`container ${s.footerInner}`}>
        <div className={s.footerBrand}>
          <LogoMark size={24} />
          <span>
            <strong>{t('siteName')}</strong> <span className={s.tagline}>— {t('tagline')}</span>
          </span>
        </div>
        <nav aria-label={t('nav.more')}>
          <ul className={s.footerLinks}>
            {NAV.filter((n) => n.to !== '/' && !n.headerOnly).map(({ to, key }) => (
              <li key={to}>
                <LocalLink to={to} className={s.footerLink}>
                  {t(key)}
                </LocalLink>
              </li>
            ))}
            <li>
              <LocalLink to={pagePath('mfe_blog', 'Status')} className={s.footerLink} data-testid="footer-status-link">
                {t('nav.status')}
              </LocalLink>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('nav.legal')}>
          <ul className={s.footerLinks}>
            {LEGAL.map(({ to, key }) => (
              <li key={to}>
                <LocalLink to={to} className={s.footerLink} data-testid={`footer-legal-${to.slice(1)}`}>
                  {t(key)}
                </LocalLink>
              </li>
            ))}
            <li>
              <button type="button" className={`${s.footerLink} ${s.footerButton}`} data-testid="footer-cookie-settings" onClick={() => consent.openSettings()}>
                {t('footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
        <div className={s.footerMeta}>
          <span>{t('footer.rights')}</span>
          {health.sandbox && (
            <span className={s.sandbox} data-testid="sandbox-mode">
              {t('footer.sandbox')}
            </span>
          )}
        </div>
      </div>
    </footer>
  );
});

/** The skip link: the first stop of Tab on every page; moves focus to `<main>` without a navigation. */
function SkipLink() {
  const { t } = useShellT();
  return (
    <a
      href={`#${MAIN_ID}`}
      className={s.skipLink}
      data-testid="skip-link"
      onClick={(e) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
        main.scrollIntoView?.();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}

export function Layout({ name, children }: { name: LayoutName; children?: ReactNode }) {
  // blog-sidebar and docs-sidebar: the remote page draws its own sidebar (categories, docs sections) with
  // remote-kit's SidebarLayout, since only it knows them; the layout name stays on the frame for styling and tests.
  return (
    <div className={`layout layout--${name} ${s.layout}`} data-testid={`layout-${name}`}>
      <SkipLink />
      <ConsentBanner mainId={MAIN_ID} />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className={`container ${s.main}`}>
        <div className={s.content}>{children}</div>
      </main>
      <Footer />
    </div>
  );
}
