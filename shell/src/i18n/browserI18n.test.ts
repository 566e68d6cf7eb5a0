import { createBrowserI18n } from './browserI18n';
import { switchLocale } from './localeSwitch';
import { shellResources } from './resources';

describe('the browser i18n: the shown locale only, the other loaded on a switch', () => {
  it('has the shown locale once ready, and not the other', async () => {
    const { i18n, ready } = createBrowserI18n('ru');
    await ready;
    expect(i18n.t('shell:titles.notFound')).toBe(shellResources.ru.titles.notFound);
    expect(i18n.hasResourceBundle('ru', 'shell')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(false);
  });

  it('loads the new locale before switching, so no text shows as a key', async () => {
    const { i18n, ready } = createBrowserI18n('en');
    await ready;
    expect(i18n.t('shell:titles.notFound')).toBe(shellResources.en.titles.notFound);
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('shell:titles.notFound')));
    await switchLocale(i18n, 'ru');
    expect(i18n.language).toBe('ru');
    expect(seen).toEqual([shellResources.ru.titles.notFound]);
    await switchLocale(i18n, 'en');
    expect(i18n.t('shell:titles.notFound')).toBe(shellResources.en.titles.notFound);
  });
});
