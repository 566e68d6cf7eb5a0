import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createI18nWith } from './instance';
import { ShellI18nContext, useShellT } from './useShellT';

// The shell's own hook in place of react-i18next's useTranslation('shell') (issue 27): the same texts, plurals and
// interpolation, the same server-rendered HTML (hydrated without a mismatch) and a re-render on a language switch.
const en = { nav: { exchange: 'Exchange' }, count_one: '{{count}} order', count_other: '{{count}} orders' };
const ru = {
  nav: { exchange: 'Обмен' },
  count_one: '{{count}} заявка',
  count_few: '{{count}} заявки',
  count_many: '{{count}} заявок',
  count_other: '{{count}} заявки',
};
// biome-ignore lint/suspicious/noExplicitAny: test texts are not the shell's typed resources
const texts = { en, ru } as any;

function Header() {
  const { t, i18n } = useShellT();
  return (
    <p lang={i18n.language}>
      {t('nav.exchange')} · {t('count', { count: 5 })}
    </p>
  );
}

describe('useShellT', () => {
  it('translates in the shell namespace, server-rendered, and hydrates the same HTML without a mismatch', () => {
    const i18n = createI18nWith('ru', texts);
    const tree = (
      <ShellI18nContext.Provider value={i18n}>
        <Header />
      </ShellI18nContext.Provider>
    );
    const html = renderToString(tree);
    expect(html).toBe('<p lang="ru">Обмен<!-- --> · <!-- -->5 заявок</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    act(() => {
      hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(html);
    container.remove();
  });

  it('re-renders in the new language when the shell switches it', async () => {
    const i18n = createI18nWith('en', texts);
    render(
      <ShellI18nContext.Provider value={i18n}>
        <Header />
      </ShellI18nContext.Provider>,
    );
    expect(screen.getByText(/Exchange · 5 orders/)).toBeTruthy();
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByText(/Обмен · 5 заявок/)).toBeTruthy();
  });

  it('is refused outside ShellApp (no instance given), rather than translating with some other instance', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Header />)).toThrow(/outside ShellApp/);
    jest.restoreAllMocks();
  });
});
