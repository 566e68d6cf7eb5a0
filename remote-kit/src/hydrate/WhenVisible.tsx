import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenVisibleProps {
  children: ReactNode;
  /** The wrapper's class (it keeps the part's place, e.g. a reserved height, from the first paint). */
  className?: string;
  /** How far outside the viewport the part already counts as visible (CSS margin syntax). */
  rootMargin?: string;
  'data-testid'?: string;
}

/**
 * Renders its children once the page is live in the browser AND its place is near the viewport: for a part below
 * the fold whose code and data the first view does not need (issue 27: a lazy chunk fetched on idle counts in the
 * first load; one fetched when its part scrolls into view does not). Like `AfterHydration`, server rendering sends
 * nothing in the children's place, only the empty wrapper, which the browser's first render matches. Without
 * IntersectionObserver (old browsers, jsdom) the children render right after hydration.
 */
export function WhenVisible({ children, className, rootMargin = '200px', 'data-testid': testId }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setVisible(true));
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [rootMargin]);
  return (
    <div ref={ref} className={className} data-testid={testId}>
      {visible ? children : null}
    </div>
  );
}
