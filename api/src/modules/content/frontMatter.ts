// Front matter of the content files (content/README.md): YAML between `---` lines, checked per kind of file with
// strict schemas, so a misspelt key or a bad date stops the api at start-up instead of shipping silently.
import YAML from 'yaml';
import { z } from 'zod';
import { ROADMAP_STATUSES } from 'shared-contracts/server';
import { ContentError } from './markdown';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a calendar date');
const text = z.string().trim().min(1);
const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and hyphens');

export const CategoryFrontMatter = z.strictObject({ title: text, description: z.string().trim().default(''), order: z.number().int().default(0) });

export const PostFrontMatter = z.strictObject({
  title: text,
  description: text,
  published: isoDate,
  /** A file in content/images. */
  cover: z.string().optional(),
  /** The cover's text alternative; empty (decorative) by default. */
  coverAlt: z.string().optional(),
});

export const DocsFrontMatter = z.strictObject({
  title: text,
  description: text,
  section: text,
  sectionOrder: z.number().int(),
  order: z.number().int(),
  updated: isoDate,
});

/** Issue 24: a legal page (terms of use, privacy policy, AML/KYC policy); `updated` is shown on the page. */
export const LegalFrontMatter = z.strictObject({
  title: text,
  description: text,
  updated: isoDate,
});

export const RoadmapFrontMatter = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id,
        title: text,
        status: z.enum(ROADMAP_STATUSES),
        /** e.g. `2026 Q4`; a bare year is read as text. */
        period: z
          .union([z.string(), z.number()])
          .transform((v) => String(v))
          .nullish()
          .transform((v) => v ?? null),
      }),
    )
    .min(1),
});

export const FaqFrontMatter = z.strictObject({ items: z.array(z.strictObject({ id, question: text })).min(1) });

export interface ParsedFile<T> {
  data: T;
  body: string;
}

/**
 * The opening `---` line, the YAML (none for an empty block), the closing `---` line, then the body. Only a bare
 * `---` opens: a `---js` (or any other language) block is no front matter, so nothing in a content file is ever run.
 */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a file into its checked front matter and Markdown body. YAML 1.2 (the `yaml` package): `2026-10-02` stays
 * the text it is written as, never a Date in the server's zone.
 */
export function parseFrontMatter<S extends z.ZodType>(source: string, schema: S): ParsedFile<z.output<S>> {
  if (!/^\uFEFF?---[ \t]*\r?\n/.test(source)) throw new ContentError('no front matter: the file starts with a `---` line, the YAML, then `---`');
  const block = FRONT_MATTER.exec(source);
  if (!block) throw new ContentError('front matter is not closed: no `---` line after the YAML');
  let data: unknown;
  try {
    data = YAML.parse(block[1] ?? '') ?? {};
  } catch (err) {
    throw new ContentError(`front matter is not valid YAML: ${(err as Error).message}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`);
    throw new ContentError(`front matter: ${problems.join('; ')}`);
  }
  return { data: result.data, body: source.slice(block[0].length) };
}

/**
 * The `## <id>` sections of a roadmap or FAQ body, in order. Text before the first section, a section no item names,
 * an item with no section or a section twice is an error. `##` lines inside fenced code are text.
 */
export function splitSections(body: string, ids: readonly string[]): Map<string, string> {
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  let fence: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (!fence || fenceMark.startsWith(fence))) fence = fence ? null : fenceMark;
    const heading = fence ? null : /^##\s+(\S+)\s*$/.exec(line);
    if (heading) {
      const key = heading[1];
      if (!ids.includes(key)) throw new ContentError(`section "## ${key}" names no item of the front matter (items: ${ids.join(', ')})`);
      if (sections.has(key)) throw new ContentError(`section "## ${key}" appears twice`);
      current = [];
      sections.set(key, current);
    } else if (current) current.push(line);
    else if (line.trim()) throw new ContentError(`text before the first "## <id>" section: "${line.trim().slice(0, 60)}"`);
  }
  const missing = ids.filter((i) => !sections.has(i));
  if (missing.length) throw new ContentError(`no "## <id>" section for ${missing.join(', ')}`);
  const duplicate = ids.find((i, n) => ids.indexOf(i) !== n);
  if (duplicate) throw new ContentError(`item id "${duplicate}" is used twice`);
  return new Map([...sections].map(([k, lines]) => [k, lines.join('\n').trim()]));
}
