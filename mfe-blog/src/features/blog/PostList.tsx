// A page of a post list (the blog index, a category): each post as a card with its title linking to the post, the
// description, category, date, reading time and cover (with its dimensions: no layout shift).
import { type BlogPostSummary, type HostServices, pagePath } from 'shared-contracts';
import { Badge, Card, textStyles } from 'remote-kit/ui';
import { formatDate } from '../../content/useContentStore';
import { useT } from '../../useT';
import styles from './blog.module.css';

export function PostList({ host, posts, label }: { host: HostServices; posts: BlogPostSummary[]; label: string }) {
  return (
    <ul className={styles.posts} aria-label={label} data-testid="blog-post-list">
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard host={host} post={post} />
        </li>
      ))}
    </ul>
  );
}

function PostCard({ host, post }: { host: HostServices; post: BlogPostSummary }) {
  return (
    <Card
      as="article"
      data-testid="blog-post-card"
      title={
        <host.Link to={pagePath('mfe_blog', 'BlogPost', { slug: post.slug })} className={styles.cardLink} data-testid="blog-post-link">
          {post.title}
        </host.Link>
      }
    >
      <div className={styles.cardBody}>
        {post.cover ? (
          <img className={styles.cover} src={post.cover.src} alt={post.cover.alt} width={post.cover.width} height={post.cover.height} loading="lazy" />
        ) : null}
        <p className={textStyles.text}>{post.description}</p>
        <PostMeta host={host} post={post} />
      </div>
    </Card>
  );
}

/** Category, date and reading time of a post. */
export function PostMeta({ host, post }: { host: HostServices; post: BlogPostSummary }) {
  const t = useT(host);
  return (
    <p className={styles.meta}>
      <Badge tone="info">{post.category.title}</Badge>
      <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, host.locale.current)}</time>
      <span>{t('blog_reading_time', { count: post.readingMinutes })}</span>
    </p>
  );
}
