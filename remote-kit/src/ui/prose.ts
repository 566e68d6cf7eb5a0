import styles from './Prose.module.css';

/**
 * The class of an element holding the content service's rendered HTML: the shared typography and the look of the
 * blog's pages (`post`) or of the docs (`guide`).
 */
export function proseClass(look: 'post' | 'guide'): string {
  return `${styles.prose} ${styles[look]}`;
}
