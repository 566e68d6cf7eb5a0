// The error catalogue as an integrator reads it (issue 25): the codes the api really sends are those the docs list as
// its catalogue, and the §8 codes it never sends (ERR_IM_A_TEAPOT, ERR_PRISMA_CLIENT_KNOWN_REQUEST…) are listed apart
// on the Errors page, en and ru, as never sent, so nobody builds on them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, NEVER_SENT_ERROR_CODES, SUPPORTED_LOCALES } from 'shared-contracts/server';
import { REPO_ROOT } from '../src/config';
import { loadContentIndex, type ContentIndex } from '../src/modules/content/contentIndex';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The catalogue codes the api's code names as a value ('ERR_…'), i.e. can answer with. */
function codesRaisedByTheApi(): Set<string> {
  const source = sourceFiles(path.join(REPO_ROOT, 'api', 'src'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  return new Set(ERROR_CODES.filter((code) => source.includes(`'${code}'`)));
}

/** The codes in a piece of the page's HTML, as they are written there (`<code>ERR_…</code>`). */
const codesIn = (html: string) => new Set([...html.matchAll(/<code>(ERR_[A-Z_]+)<\/code>/g)].map((m) => m[1]));

describe('the error catalogue the api sends and the docs list', () => {
  let index: ContentIndex;
  beforeAll(async () => {
    index = await loadContentIndex(path.join(REPO_ROOT, 'content'));
  });

  it('a code is marked never sent exactly when no module of the api raises it', () => {
    const raised = codesRaisedByTheApi();
    expect(ERROR_CODES.filter((code) => !raised.has(code))).toEqual([...NEVER_SENT_ERROR_CODES]);
  });

  it.each(SUPPORTED_LOCALES)('%s: the Errors page’s catalogue lists every sent code; the never-sent ones only in their own section', (locale) => {
    const page = index.docsPage(locale, 'errors');
    const sections = page.html.split(/<h2[^>]*>/);
    const catalogue = sections.find((s) => codesIn(s).has('ERR_VALIDATION') && codesIn(s).has('ERR_PAIR_NOT_ACTIVE'));
    const neverSent = sections.find((s) => codesIn(s).has('ERR_IM_A_TEAPOT'));
    expect(catalogue).toBeDefined();
    expect(neverSent).toBeDefined();
    const sent = ERROR_CODES.filter((code) => !NEVER_SENT_ERROR_CODES.includes(code));
    expect([...codesIn(catalogue ?? '')].sort()).toEqual([...sent].sort());
    expect([...codesIn(neverSent ?? '')].filter((code) => NEVER_SENT_ERROR_CODES.includes(code as never)).sort()).toEqual([...NEVER_SENT_ERROR_CODES].sort());
    // the section's heading says so
    const heading = (neverSent ?? '').slice(0, (neverSent ?? '').indexOf('</h2>')).replace(/<[^>]+>/g, '');
    expect(heading).toMatch(locale === 'ru' ? /не отправляет/ : /never sends/);
  });
});
