// Fake content-service answers (the shapes of shared-contracts/src/domains/content/schemas.ts) for the docs pages' tests.
import { ApiError, type DocsNav, type DocsPage, type LocaleCode } from 'shared-contracts';

export const NAV: Record<LocaleCode, DocsNav> = {
  en: {
    sections: [
      {
        title: 'Start',
        pages: [
          { slug: 'getting-started', title: 'Getting started' },
          { slug: 'sandbox', title: 'The sandbox' },
        ],
      },
      {
        title: 'Guides',
        pages: [
          { slug: 'orders', title: 'Creating and tracking orders' },
          { slug: 'errors', title: 'Errors' },
        ],
      },
      { title: 'Reference', pages: [{ slug: 'api-reference', title: 'API reference' }] },
    ],
  },
  ru: {
    sections: [
      {
        title: 'Начало',
        pages: [
          { slug: 'getting-started', title: 'Начало работы' },
          { slug: 'sandbox', title: 'Песочница' },
        ],
      },
      {
        title: 'Руководства',
        pages: [
          { slug: 'orders', title: 'Создание и отслеживание заявок' },
          { slug: 'errors', title: 'Ошибки' },
        ],
      },
      { title: 'Справочник', pages: [{ slug: 'api-reference', title: 'Справочник API' }] },
    ],
  },
};

export function docsPage(slug: string, locale: LocaleCode = 'en', over: Partial<DocsPage> = {}): DocsPage {
  const prefix = locale === 'ru' ? '/ru' : '';
  return {
    slug,
    title: locale === 'ru' ? `Страница ${slug}` : `Page ${slug}`,
    description: `About ${slug}.`,
    section: 'Guides',
    html: `<p>Intro of ${slug}, see <a href="${prefix}/docs/errors">the errors</a> and <a href="https://example.com/x">elsewhere</a>.</p><h2 id="first-step">First step</h2><p>One.</p><h3 id="detail">Detail</h3><pre><code>curl x</code></pre><h2 id="second-step">Second step</h2><table><thead><tr><th>Code</th></tr></thead><tbody><tr><td>ERR_X</td></tr></tbody></table>`,
    headings: [
      { id: 'first-step', text: 'First step', level: 2 },
      { id: 'detail', text: 'Detail', level: 3 },
      { id: 'second-step', text: 'Second step', level: 2 },
    ],
    locale,
    fallback: false,
    updatedAt: '2026-11-20',
    ...over,
  };
}

const notFound = (slug: string) => new ApiError({ statusCode: 404, code: 'ERR_NOT_FOUND', message: `No docs page ${slug}` });

/** A fake `host.api` with the docs routes: known slugs are those of NAV. */
export function fakeDocsApi(o: { calls?: string[] } = {}) {
  const known = new Set(NAV.en.sections.flatMap((s) => s.pages.map((p) => p.slug)));
  return {
    docsNav: async ({ query }: { query: { locale: LocaleCode } }) => {
      o.calls?.push(`docsNav ${query.locale}`);
      return NAV[query.locale];
    },
    docsPage: async ({ query }: { query: { locale: LocaleCode; slug: string } }) => {
      o.calls?.push(`docsPage ${query.locale} ${query.slug}`);
      if (!known.has(query.slug)) throw notFound(query.slug);
      return docsPage(query.slug, query.locale);
    },
  };
}
