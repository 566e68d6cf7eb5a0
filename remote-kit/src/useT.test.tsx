import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { HostServices } from 'shared-contracts';
import { createDevHost } from './devHost';
import { createUseT } from './useT';

const useT = createUseT('demo');
const resources = { en: { hello: 'Hello', count_one: '{{count}} coin', count_other: '{{count}} coins' }, ru: { hello: 'Привет' } };

function Greeting({ host }: { host: HostServices }) {
  const t = useT(host);
  return (
    <p>
      {t('hello')} · {t('count', { count: 2 })}
    </p>
  );
}

describe('createUseT', () => {
  it("translates in the remote's namespace on the host's instance, server-rendered too", () => {
    const host = createDevHost({ namespace: 'demo', resources, lng: 'en', wsUrl: 'ws://test/ws' });
    expect(renderToString(<Greeting host={host} />)).toBe('<p>Hello<!-- --> · <!-- -->2 coins</p>');
  });

  it('re-renders in the new language when the host switches it', async () => {
    const host = createDevHost({ namespace: 'demo', resources, lng: 'en', wsUrl: 'ws://test/ws' });
    render(<Greeting host={host} />);
    expect(screen.getByText(/Hello/)).toBeTruthy();
    await act(() => host.i18n.changeLanguage('ru'));
    expect(screen.getByText(/Привет/)).toBeTruthy();
    await act(() => host.i18n.changeLanguage('en'));
    expect(screen.getByText(/Hello/)).toBeTruthy();
  });
});
