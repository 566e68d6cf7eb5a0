import { useEffect } from 'react';
import type { HostServices } from 'shared-contracts';
import { proseClass } from 'remote-kit/ui';
import { siteLinkClickHandler } from 'remote-kit/site-links';

/**
 * A docs page's HTML, rendered and sanitised by the content service (its headings carry the ids the §2 hash scroll
 * lands on). Site links in it navigate client-side.
 */
export function DocsContent({ host, html }: { host: HostServices; html: string }) {
  // After a client navigation the text arrives after the shell applied the hash scroll: land on the heading now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text (html) is when the heading appears
  useEffect(() => {
    const id = decodeURIComponent(host.route.hash.replace(/^#/, ''));
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, [html, host]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates the clicks of the links inside, which are keyboard-reachable themselves (Enter on a link is a click)
    <div className={proseClass('guide')} data-testid="docs-content" onClick={siteLinkClickHandler(host)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
