import { tableOfContents, tocSize } from './tableOfContents';

const h = (id: string, level: number) => ({ id, text: id, level });

describe('a post’s table of contents', () => {
  it('nests each h3 under the h2 before it, so only the h2 entries are numbered (1, 2, 3, not 1, 2, 6, 9, 10)', () => {
    const toc = tableOfContents([h('a', 2), h('b', 2), h('b1', 3), h('b2', 3), h('c', 2), h('c1', 3), h('d', 2)]);
    expect(toc.map((e) => [e.heading.id, e.children.map((c) => c.id)])).toEqual([
      ['a', []],
      ['b', ['b1', 'b2']],
      ['c', ['c1']],
      ['d', []],
    ]);
    expect(tocSize(toc)).toBe(7);
  });

  it('an h3 before the first h2 is an entry of its own; h1 and h4 are not listed', () => {
    const toc = tableOfContents([h('title', 1), h('lead', 3), h('a', 2), h('deep', 4), h('a1', 3)]);
    expect(toc.map((e) => [e.heading.id, e.children.map((c) => c.id)])).toEqual([
      ['lead', []],
      ['a', ['a1']],
    ]);
  });
});
