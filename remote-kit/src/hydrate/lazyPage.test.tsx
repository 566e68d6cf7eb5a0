import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { HostServices, RemotePageProps } from 'shared-contracts';
import { lazyPage } from './lazyPage';

function Popular({ host }: RemotePageProps) {
  return <h1 data-testid="page-title">Popular {host.locale.current}</h1>;
}

const host = { locale: { current: 'en' } } as HostServices;

function chunk() {
  let arrive: (component: typeof Popular) => void = () => undefined;
  const load = jest.fn(() => new Promise<typeof Popular>((resolve) => (arrive = resolve)));
  return { load, arrive: (component: typeof Popular) => arrive(component) };
}

describe('lazyPage', () => {
  it('reached without a preload: the fallback while the chunk loads, then the page', async () => {
    const { load, arrive } = chunk();
    const Page = lazyPage(load, <p data-testid="page-loading" />);
    await act(async () => {
      render(<Page host={host} />);
    });
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await act(async () => arrive(Popular));
    expect(screen.getByTestId('page-title').textContent).toBe('Popular en');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloaded: renders at once, and hydrates the server’s HTML without a mismatch', async () => {
    const Page = lazyPage(async () => Popular);
    await Page.preload();
    const html = renderToString(<Page host={host} />);
    expect(html).toContain('Popular');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page host={host} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(html);
    container.remove();
  });

  it('a render after the load keeps the page mounted (its state), not a second mount of it', async () => {
    const mounts = jest.fn();
    function Counted({ host: h }: RemotePageProps) {
      const [id] = useState(() => (mounts(), Math.random()));
      return (
        <h1 data-testid="page-title" data-id={id}>
          {h.locale.current}
        </h1>
      );
    }
    const { load, arrive } = chunk();
    const Page = lazyPage(load as unknown as () => Promise<typeof Counted>);
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(<Page host={host} />);
    });
    await act(async () => arrive(Counted as typeof Popular));
    const first = screen.getByTestId('page-title').getAttribute('data-id');
    await act(async () => view?.rerender(<Page host={{ locale: { current: 'ru' } } as HostServices} />));
    expect(screen.getByTestId('page-title').textContent).toBe('ru');
    expect(screen.getByTestId('page-title').getAttribute('data-id')).toBe(first);
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('loads its chunk once however often it is asked; a failed load is asked for again', async () => {
    const load = jest.fn<Promise<typeof Popular>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Popular);
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('ChunkLoadError');
    await Promise.all([Page.preload(), Page.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
    render(<Page host={host} />);
    expect(screen.getByTestId('page-title').textContent).toBe('Popular en');
  });
});
