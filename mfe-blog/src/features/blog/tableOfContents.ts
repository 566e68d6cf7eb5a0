// A post's table of contents as a tree: each h2 an entry with its h3s nested under it. A flat list of both levels
// numbered the h3s too (a post read "1, 2, 6, 9, 10"): nested, the numbers count only the h2 entries shown.
import type { BlogPost } from 'shared-contracts';

type Heading = BlogPost['headings'][number];

interface TocEntry {
  heading: Heading;
  children: Heading[];
}

/** The h2 and h3 headings as entries; an h3 before any h2 stands as an entry of its own. */
export function tableOfContents(headings: readonly Heading[]): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const heading of headings) {
    if (heading.level === 2 || (heading.level === 3 && entries.length === 0)) entries.push({ heading, children: [] });
    else if (heading.level === 3) entries[entries.length - 1].children.push(heading);
  }
  return entries;
}

/** Every heading the table lists. */
export function tocSize(entries: readonly TocEntry[]): number {
  return entries.reduce((n, e) => n + 1 + e.children.length, 0);
}
