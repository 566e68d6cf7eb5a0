import { act, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, type RouterState } from './router';
import { Link, RouterProvider, useLocation, useNavigationType } from './RouterProvider';

describe('browser router', () => {
  beforeEach(() => window.history.replaceState(null, '', '/start?x=1#top'));

  it('starts at the window’s URL; navigations push or replace entries that carry their key; back is a POP with that key', async () => {
    const router = createBrowserRouter(window);
    expect(router.state).toEqual({ location: { pathname: '/start', search: '?x=1', hash: '#top', key: 'default' }, historyAction: 'POP' });
    const seen: RouterState[] = [];
    router.subscribe((state) => seen.push(state));

    await router.navigate('/ru/exchange-btc-eth?amount=1');
    const pushed = router.state.location;
    expect(router.state.historyAction).toBe('PUSH');
    expect(window.location.pathname + window.location.search).toBe('/ru/exchange-btc-eth?amount=1');
    expect(window.history.state).toMatchObject({ key: pushed.key });

    await router.navigate('?amount=2', { replace: true });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/ru/exchange-btc-eth');
    expect(window.location.search).toBe('?amount=2');
    expect(router.state.location.key).not.toBe(pushed.key);

    await router.navigate('/blog');
    const replacedKey = seen[1]!.location.key;
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    expect(router.state).toEqual({
      location: { pathname: '/ru/exchange-btc-eth', search: '?amount=2', hash: '', key: replacedKey },
      historyAction: 'POP',
    });
    expect(seen).toHaveLength(4);
  });

  it('a path is percent-encoded as the browser’s URL would be; `//x` is a path here; another origin is refused', async () => {
    const router = createBrowserRouter(window);
    await router.navigate('/blog/пост');
    expect(router.state.location.pathname).toBe('/blog/%D0%BF%D0%BE%D1%81%D1%82');
    await router.navigate('//evil.test/x');
    expect(router.state.location.pathname).toBe('//evil.test/x');
    expect(() => router.navigate('https://evil.test/x')).toThrow('External navigation is not allowed');
  });
});

describe('memory router', () => {
  it('pushes, replaces and moves back and forward (POP) through its entries', async () => {
    const router = createMemoryRouter('/ru/order/abc?destinationAddress=T1#top');
    expect(router.state.location).toEqual({ pathname: '/ru/order/abc', search: '?destinationAddress=T1', hash: '#top', key: 'default' });
    await router.navigate('/blog');
    await router.navigate('/roadmap', { replace: true });
    await router.navigate(-1);
    expect(router.state).toMatchObject({ location: { pathname: '/ru/order/abc', key: 'default' }, historyAction: 'POP' });
    await router.navigate(1);
    expect(router.state.location.pathname).toBe('/roadmap');
    await router.navigate(5);
    expect(router.state.location.pathname).toBe('/roadmap');
  });
});

describe('RouterProvider and Link', () => {
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{`${useNavigationType()} ${location.pathname}${location.search}`}</p>;
  }

  it('a plain click navigates (a link to the current URL replaces); a modified click or another target is the browser’s', async () => {
    const router = createMemoryRouter('/');
    render(
      <RouterProvider router={router}>
        <Where />
        <Link to="/blog?page=2" data-testid="blog" className="c">
          blog
        </Link>
        <Link to="/blog?page=2" target="_blank" data-testid="blank">
          new tab
        </Link>
      </RouterProvider>,
    );
    const link = screen.getByTestId('blog');
    expect(link.getAttribute('href')).toBe('/blog?page=2');
    expect(link.className).toBe('c');
    expect(screen.getByTestId('where').textContent).toBe('POP /');

    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByTestId('blank'))).toBe(true);
    expect(router.state.location.pathname).toBe('/');

    await act(async () => void fireEvent.click(link));
    expect(screen.getByTestId('where').textContent).toBe('PUSH /blog?page=2');
    await act(async () => void fireEvent.click(link));
    expect(screen.getByTestId('where').textContent).toBe('REPLACE /blog?page=2');
  });
});
