/**
 * @jest-environment node
 */
// Counted phrases in every package (issue 23): every text with `{{count}}` is an i18next plural key with all the
// categories Intl.PluralRules gives its language (en: one/other; ru: one/few/many/other), the count is written by Intl
// (`{{count, number}}`: "1 000" in ru), every call that passes a count names a plural key and every use of a plural
// key passes one. The texts are read from each package's own resource files by a runtime path, as a repository-wide
// check reads files (no package imports another's sources), and then rendered through the shell's real i18n setup,
// in the node environment the server render uses.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createI18n } from './createI18n';
import { SHELL_NAMESPACE, shellResources } from './resources';

type Texts = Record<string, string>;
type Lang = 'en' | 'ru';
const LANGS: readonly Lang[] = ['en', 'ru'];

const root = path.resolve(__dirname, '../../..');
const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;
/** Placeholders that hold a count of something: beside a noun they need the noun's plural form. */
const COUNT_LIKE = /^(n|num|number|count|total|required|items|minutes|hours|days|seconds|weeks|months|years|confirmations)$/;
/** Counted placeholders in texts that are no counted phrase, and why. */
const NOT_COUNTED: Record<string, string> = {
  'mfe-profile:history_page': '"Page 2 of 5": a label, the noun comes before the numbers and agrees with neither',
  'mfe-profile:kyc_stage_part': '"Documents: part 2 of 3": a label, the noun comes before the numbers and agrees with neither',
};

function flatten(texts: object, prefix = ''): Texts {
  const out: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value as object, `${prefix}${key}.`));
  }
  return out;
}

interface Package {
  name: string;
  dir: string;
  texts: Record<Lang, Texts>;
}

/** The shell's namespace and every remote's (each mfe-* folder with src/i18n). */
async function loadPackages(): Promise<Package[]> {
  const packages: Package[] = [{ name: 'shell', dir: 'shell', texts: { en: flatten(shellResources.en), ru: flatten(shellResources.ru) } }];
  for (const dir of readdirSync(root)
    .filter((d) => d.startsWith('mfe-'))
    .sort()) {
    const i18n = path.join(root, dir, 'src/i18n');
    const texts = {} as Record<Lang, Texts>;
    for (const lang of LANGS) {
      const file = path.join(i18n, `${lang}.ts`);
      const mod = (await import(file)) as Record<Lang, object>;
      texts[lang] = flatten(mod[lang]);
    }
    packages.push({ name: dir, dir, texts });
  }
  return packages;
}

/** The keys whose texts are plural forms, by base: `x_one`, or any `x_<category>` text with `{{count`. */
function pluralBases(texts: Texts): Set<string> {
  const bases = new Set<string>();
  for (const [key, value] of Object.entries(texts)) {
    const m = PLURAL_SUFFIX.exec(key);
    if (m && (m[2] === 'one' || value.includes('{{count'))) bases.add(m[1]);
  }
  return bases;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*([^}]*?))?\s*\}\}/g)].map((m) => ({ name: m[1], format: m[2] }));

/** What is wrong with one locale's texts of a package. */
function resourceProblems(pkg: string, lang: Lang, texts: Texts): string[] {
  const problems: string[] = [];
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const bases = pluralBases(texts);
  for (const base of bases) {
    const missing = categories.filter((c) => !(`${base}_${c}` in texts));
    if (missing.length) problems.push(`${pkg} ${lang} ${base}: plural forms missing: ${missing.join(', ')}`);
  }
  for (const [key, value] of Object.entries(texts)) {
    const m = PLURAL_SUFFIX.exec(key);
    const plural = m !== null && bases.has(m[1]);
    for (const { name, format } of placeholders(value)) {
      if (name === 'count' && !plural) problems.push(`${pkg} ${lang} ${key}: {{count}} in a text without plural forms`);
      else if (name === 'count' && format !== 'number') problems.push(`${pkg} ${lang} ${key}: the count is not written by Intl ({{count, number}})`);
      else if (!plural && COUNT_LIKE.test(name) && !NOT_COUNTED[`${pkg}:${key.replace(PLURAL_SUFFIX, '$1')}`])
        problems.push(`${pkg} ${lang} ${key}: {{${name}}} counts something: make it a plural key with count`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      if (entry !== 'i18n' && entry !== 'node_modules' && entry !== 'test') out.push(...sourceFiles(file));
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(file);
  }
  return out;
}

/** `t('key')` and `t('key', { … })` calls of a package's sources: the key and whether a count is passed. */
function translationCalls(dir: string): { file: string; key: string; count: boolean }[] {
  const calls: { file: string; key: string; count: boolean }[] = [];
  for (const file of sourceFiles(path.join(root, dir, 'src'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\bt\(\s*'([^'$]+)'\s*(,\s*\{([^}]*)\})?/g)) {
      calls.push({ file: path.relative(root, file), key: m[1], count: /\bcount\b/.test(m[3] ?? '') });
    }
  }
  return calls;
}

describe('counted phrases in every package', () => {
  let packages: Package[];
  beforeAll(async () => {
    packages = await loadPackages();
  });

  it('reads the shell and every remote', () => {
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(['shell', 'mfe-blog', 'mfe-docs', 'mfe-exchange', 'mfe-order', 'mfe-profile']));
    for (const p of packages) for (const lang of LANGS) expect(Object.keys(p.texts[lang]).length).toBeGreaterThan(5);
  });

  it('every {{count}} text has all the plural forms of its language, with the count written by Intl', () => {
    expect(packages.flatMap((p) => LANGS.flatMap((lang) => resourceProblems(p.name, lang, p.texts[lang])))).toEqual([]);
  });

  it('every call with a count names a plural key, and every plural key is called with a count', () => {
    const problems: string[] = [];
    for (const p of packages) {
      const calls = translationCalls(p.dir);
      expect(calls.length).toBeGreaterThan(0);
      for (const lang of LANGS) {
        const bases = pluralBases(p.texts[lang]);
        for (const { file, key, count } of calls) {
          if (count && !bases.has(key)) problems.push(`${file}: t('${key}', { count }) but ${p.name} ${lang} has no plural forms of it`);
          if (!count && bases.has(key)) problems.push(`${file}: t('${key}') is a plural key, called without a count`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the check finds a {{count}} text without plural forms, a missing Russian form and a count not written by Intl', () => {
    expect(resourceProblems('x', 'ru', { found: 'Найдено валют: {{count}}' })).toEqual(['x ru found: {{count}} in a text without plural forms']);
    expect(resourceProblems('x', 'ru', { found_one: 'Найдена {{count, number}} валюта', found_other: 'Найдено {{count, number}} валюты' })).toEqual([
      'x ru found: plural forms missing: few, many',
    ]);
    expect(resourceProblems('x', 'en', { found_one: '{{count}} currency', found_other: '{{count, number}} currencies' })).toEqual([
      'x en found_one: the count is not written by Intl ({{count, number}})',
    ]);
    expect(resourceProblems('x', 'en', { read: '{{minutes}} min read' })).toEqual(['x en read: {{minutes}} counts something: make it a plural key with count']);
  });
});

describe('Russian plural forms through the shell’s i18n setup (the same instance the server render makes)', () => {
  async function withRemote(lang: Lang, dir: string) {
    const i18n = createI18n(lang);
    const mod = (await import(path.join(root, dir, 'src/i18n', `${lang}.ts`))) as Record<Lang, Texts>;
    // as the shell registers a remote's namespace (shell/src/federation/remotes.ts)
    i18n.addResourceBundle(lang, dir, mod[lang], true, false);
    expect(i18n.options.defaultNS).toBe(SHELL_NAMESPACE);
    return i18n.getFixedT(lang, dir);
  }

  it('ru: 1 подтверждение, 2 подтверждения, 5 подтверждений, 21 подтверждение, 1 000 подтверждений', async () => {
    const t = await withRemote('ru', 'mfe-exchange');
    expect([1, 2, 5, 11, 21, 1000].map((count) => t('min_confirmations', { count }))).toEqual([
      'Депозиту нужно 1 подтверждение сети',
      'Депозиту нужно 2 подтверждения сети',
      'Депозиту нужно 5 подтверждений сети',
      'Депозиту нужно 11 подтверждений сети',
      'Депозиту нужно 21 подтверждение сети',
      'Депозиту нужно 1\u00a0000 подтверждений сети',
    ]);
    expect([1, 3, 12].map((count) => t('currencies_found', { count }))).toEqual(['Найдена 1 валюта', 'Найдено 3 валюты', 'Найдено 12 валют']);
  });

  it('ru order page: "1 из 2 подтверждений", "1 из 1 подтверждения"', async () => {
    const t = await withRemote('ru', 'mfe-order');
    expect(t('confirmations', { confirmed: 1, count: 2 })).toBe('1 из 2 подтверждений');
    expect(t('confirmations', { confirmed: 1, count: 1 })).toBe('1 из 1 подтверждения');
    expect(t('confirmations', { confirmed: 3, count: 6 })).toBe('3 из 6 подтверждений');
  });

  it('ru blog and status page: minutes, days and incidents', async () => {
    const t = await withRemote('ru', 'mfe-blog');
    expect([1, 3, 5].map((count) => t('blog_reading_time', { count }))).toEqual(['1 минута чтения', '3 минуты чтения', '5 минут чтения']);
    expect([1, 2, 30].map((count) => t('status_history_title', { count }))).toEqual(['Последний 1 день', 'Последние 2 дня', 'Последние 30 дней']);
    expect([1, 4, 7].map((count) => t('status_open_incidents', { count }))).toEqual(['Открыт 1 инцидент', 'Открыто 4 инцидента', 'Открыто 7 инцидентов']);
  });

  it('en: one and other, the count grouped by Intl', async () => {
    const t = await withRemote('en', 'mfe-exchange');
    expect([1, 2, 1000].map((count) => t('currencies_found', { count }))).toEqual(['1 currency found', '2 currencies found', '1,000 currencies found']);
  });
});
