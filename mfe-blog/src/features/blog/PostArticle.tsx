// A post (§2 `/blog/{slug…}`): the api's sanitised HTML in an article with the site's typography, a table of contents
// when the post has three headings or more, the fallback notice of an untranslated post, and the way to all articles
// (§4 button_read_all_articles). Links inside the HTML to pages of the site navigate client-side; a hash lands on its
// heading after a client navigation too (the shell's scroll runs before a fetched post is there).
import { useEffect } from 'react';
import { type BlogPost, type HostServices, pagePath } from 'shared-contracts';
import { ButtonLink, Card, proseClass, textStyles } from 'remote-kit/ui';
import { PostMeta } from './PostList';
import { SiteLink } from 'remote-kit/site-links';
import { siteLinkClickHandler } from 'remote-kit/site-links';
import { tableOfContents, tocSize } from './tableOfContents';
import { useT } from '../../useT';
import styles from './blog.module.css';

const TOC_MIN_HEADINGS = 3;

export function PostArticle({ host, post, fetched }: { host: HostServices; post: BlogPost; fetched: boolean }) {
  const t = useT(host);

  // a post fetched after a client navigation to `…#heading`: scroll there once it is rendered
  useEffect(() => {
    const hash = host.route.hash;
    if (!fetched || hash.length < 2) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView?.();
  }, [fetched, host]);

  const toc = tableOfContents(post.headings);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates the clicks of the links inside (they are the interactive elements; Enter on a link is a click)
    <div className={styles.post} onClick={siteLinkClickHandler(host)}>
      <PostMeta host={host} post={post} />
      {post.fallback ? (
        <p className={textStyles.notice} data-testid="blog-fallback-notice">
          {t('post_fallback')}
        </p>
      ) : null}
      {tocSize(toc) >= TOC_MIN_HEADINGS ? (
        <nav className={styles.toc} aria-labelledby="blog-toc-title" data-testid="blog-toc">
          <p id="blog-toc-title" className={styles.tocTitle}>
            {t('post_toc')}
          </p>
          <ol className={styles.tocList}>
            {toc.map(({ heading, children }) => (
              <li key={heading.id}>
                <TocLink id={heading.id} text={heading.text} />
                {children.length > 0 ? (
                  <ul className={styles.tocSub}>
                    {children.map((h) => (
                      <li key={h.id}>
                        <TocLink id={h.id} text={h.text} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <Card as="article" padding="lg">
        {post.cover ? <img className={styles.cover} src={post.cover.src} alt={post.cover.alt} width={post.cover.width} height={post.cover.height} /> : null}
        <div className={proseClass('post')} lang={post.locale} data-testid="blog-post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </Card>
      <div className={textStyles.actions}>
        <ButtonLink
          variant="primary"
          render={(p) => (
            <SiteLink
              host={host}
              to={pagePath('mfe_blog', 'Blog')}
              onClick={() => host.analytics.track('button_read_all_articles')}
              data-testid="blog-read-all"
              {...p}
            />
          )}
        >
          {t('post_read_all')}
        </ButtonLink>
      </div>
    </div>
  );
}

function TocLink({ id, text }: { id: string; text: string }) {
  return <a href={`#${encodeURIComponent(id)}`}>{text}</a>;
}
