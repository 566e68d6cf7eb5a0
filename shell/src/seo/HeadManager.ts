// §2 SEO on client navigation: the head of the page shown, from `POST /dict/seo`, debounced by §9's
// HEAD_UPDATE_DEBOUNCE_MS so a burst of navigations sends one request. Web puts the same tags, marked with
// SEO_TAG_ATTR, in the first HTML; only marked tags are replaced here.
import { HEAD_UPDATE_DEBOUNCE_MS, SEO_TAG_ATTR, seoHeadTags, seoKeyProblems, type LocaleCode, type SeoAnswer, type SeoHeadTag } from 'shared-contracts';

export interface SeoRequest {
  configId: string;
  /** `params.page` of the request */
  page: string;
  locale: LocaleCode;
  /** the path without the locale prefix */
  path: string;
  noindex: boolean;
}

export interface HeadTarget {
  /** the document path the head belongs to */
  pathname: string;
  /** the shell's own title of the page: shown until the texts arrive, and kept if they never do */
  title: string;
  /** absent: a page with no SEO texts (404, error, maintenance), which gets its title and noindex */
  seo?: SeoRequest;
}

interface HeadManagerDeps {
  doc: Document;
  /** scheme and host, for canonical and alternate links */
  origin: string;
  /** the path of the first document: its marked head came with the HTML */
  initialPathname: string;
  fetchSeo(body: { config_id: string; params: { page: string } }): Promise<SeoAnswer>;
}

const MAX_CACHED = 50;

export class HeadManager {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private current: string | null = null;
  /** the target whose texts are in the head */
  private applied: string | null;
  /** answers carry every locale: a language switch needs no second request */
  private answers = new Map<string, SeoAnswer>();

  constructor(private readonly deps: HeadManagerDeps) {
    this.applied = deps.doc.head.querySelector(`[${SEO_TAG_ATTR}]`) ? keyOf({ pathname: deps.initialPathname, seo: {} }) : null;
  }

  show(target: HeadTarget): void {
    const key = keyOf(target);
    if (key === this.applied) return;
    if (key === this.current) {
      // the same page with another fallback title (a language loaded meanwhile): keep the request going
      this.deps.doc.title = target.title;
      return;
    }
    this.current = key;
    this.applied = null;
    const id = ++this.seq;
    clearTimeout(this.timer);
    this.deps.doc.title = target.title;
    const seo = target.seo;
    if (!seo) {
      this.apply([
        { tag: 'title', text: target.title },
        { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
      ]);
      this.applied = key;
      return;
    }
    this.timer = setTimeout(() => {
      this.answerFor(seo).then(
        (answer) => {
          if (id !== this.seq) return;
          const texts = answer.data?.[seo.locale];
          if (!texts || seoKeyProblems(seo.configId, texts).length > 0) return;
          this.apply(seoHeadTags({ configId: seo.configId, locale: seo.locale, path: seo.path, origin: this.deps.origin, texts, noindex: seo.noindex }));
          this.applied = key;
        },
        // the api is down or slow: the page keeps the shell's own title
        () => undefined,
      );
    }, HEAD_UPDATE_DEBOUNCE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.seq++;
  }

  private async answerFor(seo: SeoRequest): Promise<SeoAnswer> {
    const cacheKey = `${seo.configId}\u0000${seo.page}`;
    const cached = this.answers.get(cacheKey);
    if (cached) return cached;
    const answer = await this.deps.fetchSeo({ config_id: seo.configId, params: { page: seo.page } });
    if (this.answers.size >= MAX_CACHED) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(cacheKey, answer);
    return answer;
  }

  private apply(tags: SeoHeadTag[]): void {
    const { doc } = this.deps;
    for (const el of doc.head.querySelectorAll(`[${SEO_TAG_ATTR}]`)) el.remove();
    for (const tag of tags) {
      const el = doc.createElement(tag.tag);
      el.setAttribute(SEO_TAG_ATTR, '');
      if (tag.tag === 'title') {
        // one title: the template's own would otherwise stay first and win
        for (const old of doc.head.querySelectorAll('title')) old.remove();
        el.textContent = tag.text;
      } else if (tag.tag === 'script') {
        el.setAttribute('type', tag.type);
        el.textContent = JSON.stringify(tag.json);
      } else {
        for (const [name, value] of Object.entries(tag.attrs)) el.setAttribute(name, value);
      }
      doc.head.appendChild(el);
    }
  }
}

function keyOf(target: { pathname: string; seo?: unknown }): string {
  return `${target.seo ? 'seo' : 'plain'}:${target.pathname}`;
}
