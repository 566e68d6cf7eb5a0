import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { WhenVisible } from './WhenVisible';

afterEach(cleanup);

/** An IntersectionObserver the test drives: `observers` holds each one with its callback and the watched element. */
class FakeObserver {
  static observers: FakeObserver[] = [];
  element: Element | null = null;
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.observers.push(this);
  }
  observe(element: Element) {
    this.element = element;
  }
  disconnect() {
    this.disconnected = true;
  }
  intersect(isIntersecting: boolean) {
    this.callback([{ isIntersecting, target: this.element } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('WhenVisible', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    FakeObserver.observers = [];
    Object.defineProperty(globalThis, 'IntersectionObserver', { value: original, configurable: true, writable: true });
  });

  it('server-renders only its empty wrapper', () => {
    const html = renderToString(
      <WhenVisible className="kept" data-testid="part">
        <p>below the fold</p>
      </WhenVisible>,
    );
    expect(html).toBe('<div class="kept" data-testid="part"></div>');
  });

  it('renders its children once its place comes near the viewport, and stops watching', async () => {
    Object.defineProperty(globalThis, 'IntersectionObserver', { value: FakeObserver, configurable: true, writable: true });
    render(
      <WhenVisible data-testid="part" rootMargin="100px">
        <p>below the fold</p>
      </WhenVisible>,
    );
    const [observer] = FakeObserver.observers;
    expect(observer.element).toBe(screen.getByTestId('part'));
    expect(observer.options?.rootMargin).toBe('100px');
    act(() => observer.intersect(false));
    expect(screen.queryByText('below the fold')).toBeNull();
    await act(async () => observer.intersect(true));
    expect(screen.getByText('below the fold')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('without IntersectionObserver renders its children right after mount', async () => {
    Object.defineProperty(globalThis, 'IntersectionObserver', { value: undefined, configurable: true, writable: true });
    await act(async () => {
      render(
        <WhenVisible>
          <p>below the fold</p>
        </WhenVisible>,
      );
    });
    expect(screen.getByText('below the fold')).toBeTruthy();
  });
});
