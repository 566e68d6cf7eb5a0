import { CONTRACT_VERSION } from 'shared-contracts';
import { createI18n } from '../i18n/createI18n';
import { FALLBACK_MARK, type PagesModule } from './fallbackModule';
import { REMOTE_FAILED_EVENT } from './fallbackPlugin';
import { CONTRACT_MISMATCH_REASON, PagesLoader, remoteFailedMessageKey, reportContractMismatch, type ContractMismatch } from './remotes';

function BlogPage() {
  return null;
}

function blogModule(contractVersion: unknown): PagesModule {
  return { pages: { Blog: BlogPage }, namespace: 'mfe_blog', resources: { en: { title: 'Blog' } }, contractVersion };
}

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
