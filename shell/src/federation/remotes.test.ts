import { CONTRACT_VERSION } from 'shared-contracts';
import { createI18n } from '../i18n/createI18n';
import { switchLocale } from '../i18n/localeSwitch';
import { FALLBACK_MARK, type PagesModule } from './fallbackModule';
import { REMOTE_FAILED_EVENT } from './fallbackPlugin';
import { CONTRACT_MISMATCH_REASON, PagesLoader, remoteFailedMessageKey, reportContractMismatch, type ContractMismatch } from './remotes';

function BlogPage() {
  return null;
}

function blogModule(contractVersion: unknown): PagesModule {
  return { pages: { Blog: BlogPage }, namespace: 'mfe_blog', loadResources: async () => ({ title: 'Blog' }), contractVersion };
}

const BLOG_TEXTS: Record<string, Record<string, string>> = { en: { title: 'Blog' }, ru: { title: 'Блог' } };

/** A contract 1.2 remote whose texts arrive when the test releases them (`release(locale)`). */
function remoteWithLocaleChunks() {
  const waiting = new Map<string, () => void>();
  const loadResources = jest.fn((locale: string) => new Promise<Record<string, string>>((resolve) => waiting.set(locale, () => resolve(BLOG_TEXTS[locale]))));
  const mod: PagesModule = { pages: { Blog: BlogPage }, namespace: 'mfe_blog', loadResources, contractVersion: '1.2.0' };
  const release = async (locale: string) => {
    while (!waiting.has(locale)) await Promise.resolve();
    waiting.get(locale)?.();
    waiting.delete(locale);
  };
  return { mod, loadResources, release };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PagesLoader texts: only the shown locale is loaded (contract 1.2 loadResources)', () => {
  it('registers only the active locale, and resolves only once it is registered (a page never renders raw keys)', async () => {
    const { mod, loadResources, release } = remoteWithLocaleChunks();
    const i18n = createI18n('ru');
    const loader = new PagesLoader(i18n, async () => mod);
    let done = false;
    const loading = loader.get('mfe_blog').then((m) => {
      done = true;
      return m;
    });
    await flush();
    expect(done).toBe(false);
    expect(loader.peek('mfe_blog')).toBeUndefined();
    await release('ru');
    expect((await loading).pages.Blog).toBe(BlogPage);
    expect(i18n.t('mfe_blog:title')).toBe('Блог');
    expect(loadResources.mock.calls).toEqual([['ru']]);
    expect(i18n.hasResourceBundle('en', 'mfe_blog')).toBe(false);
  });

  it('a language switch loads the other locale of every loaded remote before the language changes', async () => {
    const { mod, loadResources, release } = remoteWithLocaleChunks();
    const i18n = createI18n('en');
    const loader = new PagesLoader(i18n, async () => mod);
    const loading = loader.get('mfe_blog');
    await release('en');
    await loading;
    const shownOnChange: string[] = [];
    i18n.on('languageChanged', () => shownOnChange.push(i18n.t('mfe_blog:title')));

    const switching = switchLocale(i18n, 'ru');
    await flush();
    expect(i18n.language).toBe('en');
    await release('ru');
    await switching;
    expect(i18n.language).toBe('ru');
    expect(shownOnChange).toEqual(['Блог']);
    expect(loadResources.mock.calls).toEqual([['en'], ['ru']]);

    // back again: both are registered, nothing is loaded twice
    await switchLocale(i18n, 'en');
    expect(i18n.t('mfe_blog:title')).toBe('Blog');
    expect(loadResources).toHaveBeenCalledTimes(2);
  });

  it('a remote still loading when the switch starts gets both locales before it resolves', async () => {
    const { mod, release } = remoteWithLocaleChunks();
    const i18n = createI18n('en');
    const loader = new PagesLoader(i18n, async () => mod);
    const loading = loader.get('mfe_blog');
    const switching = switchLocale(i18n, 'ru');
    await release('en');
    await release('ru');
    await Promise.all([loading, switching]);
    expect(i18n.language).toBe('ru');
    expect(i18n.t('mfe_blog:title')).toBe('Блог');
  });

  it('of two quick switches the last one wins', async () => {
    const { mod, release } = remoteWithLocaleChunks();
    const i18n = createI18n('en');
    const loader = new PagesLoader(i18n, async () => mod);
    const loading = loader.get('mfe_blog');
    await release('en');
    await loading;
    const toRu = switchLocale(i18n, 'ru');
    await switchLocale(i18n, 'en');
    await release('ru');
    await toRu;
    expect(i18n.language).toBe('en');
  });

  it('still runs a remote that exports every locale as `resources` (built against contract 1.0/1.1)', async () => {
    const i18n = createI18n('en');
    const older: PagesModule = { pages: { Blog: BlogPage }, namespace: 'mfe_blog', resources: BLOG_TEXTS, contractVersion: '1.1.0' };
    const loader = new PagesLoader(i18n, async () => older);
    expect((await loader.get('mfe_blog')).pages.Blog).toBe(BlogPage);
    expect(i18n.t('mfe_blog:title')).toBe('Blog');
    await switchLocale(i18n, 'ru');
    expect(i18n.t('mfe_blog:title')).toBe('Блог');
  });

  it('a text chunk that fails to load fails the remote (its slot shows the fallback), and the next get tries again', async () => {
    const i18n = createI18n('en');
    let fail = true;
    const mod: PagesModule = {
      pages: { Blog: BlogPage },
      namespace: 'mfe_blog',
      loadResources: async () => {
        if (fail) throw new Error('ChunkLoadError');
        return BLOG_TEXTS.en;
      },
    };
    const loader = new PagesLoader(i18n, async () => mod);
    await expect(loader.get('mfe_blog')).rejects.toThrow('ChunkLoadError');
    expect(loader.peek('mfe_blog')).toBeUndefined();
    fail = false;
    await expect(loader.get('mfe_blog')).resolves.toBe(mod);
    expect(i18n.t('mfe_blog:title')).toBe('Blog');
  });
});

function setup(mod: PagesModule, hostVersion = '1.2.0') {
  const i18n = createI18n('en');
  const load = jest.fn(async (_id: string) => mod);
  const mismatches: ContractMismatch[] = [];
  const loader = new PagesLoader(i18n, load, { hostVersion, onMismatch: (m) => mismatches.push(m) });
  return { i18n, load, loader, mismatches };
}

describe('PagesLoader contract check (DESIGN rule 8)', () => {
  it.each(['1.2.0', '1.0.0', '1.9.3'])('runs a remote built against %s on a 1.2.0 host', async (version) => {
    const { loader, mismatches, i18n, load } = setup(blogModule(version));
    const mod = await loader.get('mfe_blog');
    expect(mod.pages.Blog).toBe(BlogPage);
    expect(mod[FALLBACK_MARK]).toBeUndefined();
    expect(i18n.hasResourceBundle('en', 'mfe_blog')).toBe(true);
    expect(loader.peek('mfe_blog')).toBe(mod);
    expect(load).toHaveBeenCalledWith('mfe_blog/pages');
    expect(mismatches).toEqual([]);
  });

  it('runs a remote that records no version (built before versions were recorded)', async () => {
    const { loader, mismatches } = setup(blogModule(undefined));
    expect((await loader.get('mfe_blog')).pages.Blog).toBe(BlogPage);
    expect(mismatches).toEqual([]);
  });

  it.each(['2.0.0', '0.9.0'])('shows the fallback for a remote built against %s, reported once and kept', async (version) => {
    const { loader, mismatches, i18n, load } = setup(blogModule(version));
    const mod = await loader.get('mfe_blog');
    expect(mod[FALLBACK_MARK]).toBe('mfe_blog');
    expect(mod.pages.Blog).not.toBe(BlogPage);
    expect(i18n.hasResourceBundle('en', 'mfe_blog')).toBe(false);
    expect(mismatches).toEqual([{ remote: 'mfe_blog', hostVersion: '1.2.0', remoteVersion: version }]);

    // the loaded remote does not change until a reload: no second load, no second notification
    expect(loader.peek('mfe_blog')).toBe(mod);
    expect(await loader.get('mfe_blog')).toBe(mod);
    expect(load).toHaveBeenCalledTimes(1);
    expect(mismatches).toHaveLength(1);
  });

  it('compares against the shared-contracts version by default', async () => {
    const major = Number(CONTRACT_VERSION.split('.')[0]);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const events: CustomEvent[] = [];
    const listener = (e: Event) => events.push(e as CustomEvent);
    window.addEventListener(REMOTE_FAILED_EVENT, listener);
    try {
      const loader = new PagesLoader(createI18n('en'), async () => blogModule(`${major + 1}.0.0`));
      expect((await loader.get('mfe_blog'))[FALLBACK_MARK]).toBe('mfe_blog');
      expect(events).toHaveLength(1);
      expect(events[0].detail).toMatchObject({
        remote: 'mfe_blog',
        reason: 'contract-mismatch',
        hostVersion: CONTRACT_VERSION,
        remoteVersion: `${major + 1}.0.0`,
      });
      expect(error).toHaveBeenCalledWith(expect.stringContaining(`mfe_blog was built against contract ${major + 1}.0.0`));
      // its own notification, not the generic "could not be loaded"
      expect(remoteFailedMessageKey(events[0].detail)).toBe('fallback.contract_mismatch');
    } finally {
      window.removeEventListener(REMOTE_FAILED_EVENT, listener);
      error.mockRestore();
    }
  });

  it('reportContractMismatch posts the shell notification event with its own reason', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = jest.fn();
    window.addEventListener(REMOTE_FAILED_EVENT, seen);
    reportContractMismatch({ remote: 'mfe_docs', hostVersion: '1.0.0', remoteVersion: '2.0.0' });
    window.removeEventListener(REMOTE_FAILED_EVENT, seen);
    error.mockRestore();
    expect(seen).toHaveBeenCalledTimes(1);
    const detail = (seen.mock.calls[0][0] as CustomEvent).detail;
    expect(detail).toMatchObject({ id: 'mfe_docs/pages', remote: 'mfe_docs', reason: CONTRACT_MISMATCH_REASON });
    expect(remoteFailedMessageKey(detail)).toBe('fallback.contract_mismatch');
  });
});

describe('remoteFailedMessageKey: which notification a shell:remote-failed event posts', () => {
  it('a remote that could not be loaded (fallbackPlugin: id, remote, error) gets the generic text', () => {
    expect(remoteFailedMessageKey({ id: 'mfe_blog/pages', remote: 'mfe_blog', error: new Error('x') })).toBe('fallback.notify');
    expect(remoteFailedMessageKey(undefined)).toBe('fallback.notify');
    expect(remoteFailedMessageKey(null)).toBe('fallback.notify');
  });

  it('a refused contract gets its own text, different in both locales', () => {
    expect(remoteFailedMessageKey({ reason: CONTRACT_MISMATCH_REASON })).toBe('fallback.contract_mismatch');
    for (const lng of ['en', 'ru'] as const) {
      const i18n = createI18n(lng);
      const mismatch = i18n.t('shell:fallback.contract_mismatch');
      const generic = i18n.t('shell:fallback.notify');
      expect(mismatch).not.toBe('fallback.contract_mismatch');
      expect(mismatch).not.toBe(generic);
    }
    expect(createI18n('en').t('shell:fallback.contract_mismatch')).toBe('This part of the site is being updated. Please reload the page in a minute.');
    expect(createI18n('ru').t('shell:fallback.contract_mismatch')).toMatch(/^[А-яЁё ,.]+$/);
  });
});
