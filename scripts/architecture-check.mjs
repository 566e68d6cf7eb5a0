// Keeps docs/ARCHITECTURE.md true to the tree (issue 26), like `pnpm docs:index --check` keeps the spec index:
//   - every folder a newcomer meets is in its folder map: each package's own folders, each folder of its `src/`,
//     and each api module, adapter and remote feature (`src/modules/*`, `src/adapters/*`, `src/features/*`),
//     written as a backticked path from the repository root (`api/src/outbox/`);
//   - every source file over 400 lines (tests aside) has its reason in the "Files over 400 lines" table, and the
//     table names no file that is gone or shorter.
// `node scripts/architecture-check.mjs` exits 1 and lists what is missing or stale; run by `pnpm lint`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const DOC = 'docs/ARCHITECTURE.md';
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css)$/;
const TEST = /(\.test\.|\.spec\.|\.fault\.|\/test\/|\/tests\/|\/fixtures\/|\/__snapshots__\/|-snapshots\/)/;
// Folders that hold data or prose, not code: described by their own README, not the folder map.
const NOT_CODE = /^(content|docs|deploy)\//;
const NAMED_CHILDREN = new Set(['modules', 'adapters', 'features']);

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('.') && !f.includes('node_modules/'));

const expectedFolders = new Set();
for (const file of tracked) {
  if (NOT_CODE.test(file) || /\/fixtures\//.test(file)) continue;
  const parts = file.split('/');
  if (parts.length < 3) continue; // a file at a package's root
  expectedFolders.add(`${parts[0]}/${parts[1]}`);
  if (parts[1] === 'src' && parts.length >= 4) {
    expectedFolders.add(`${parts[0]}/src/${parts[2]}`);
    if (NAMED_CHILDREN.has(parts[2]) && parts.length >= 5) expectedFolders.add(`${parts[0]}/src/${parts[2]}/${parts[3]}`);
  }
}

const doc = readFileSync(DOC, 'utf8');
const mentioned = new Set([...doc.matchAll(/`([^`\s]+?)\/?`/g)].map((m) => m[1]));
const missingFolders = [...expectedFolders].filter((f) => !mentioned.has(f)).sort();

const lineCount = (file) => readFileSync(file, 'utf8').split('\n').length - 1;
const longFiles = tracked.filter((f) => SOURCE.test(f) && !TEST.test(f) && lineCount(f) > MAX_LINES).sort();
const tableStart = doc.indexOf('## Files over 400 lines');
const table = tableStart === -1 ? '' : doc.slice(tableStart).split(/\n## /)[0];
const explained = new Set([...table.matchAll(/^\|\s*`([^`]+)`\s*\|\s*\S/gm)].map((m) => m[1]));
const unexplained = longFiles.filter((f) => !explained.has(f));
const staleReasons = [...explained].filter((f) => !longFiles.includes(f));

const problems = [
  ...missingFolders.map((f) => `folder missing from the folder map: \`${f}/\``),
  ...unexplained.map((f) => `over ${MAX_LINES} lines (${lineCount(f)}) with no reason under "Files over 400 lines": \`${f}\``),
  ...staleReasons.map((f) => `"Files over 400 lines" names a file that is gone or no longer over ${MAX_LINES} lines: \`${f}\``),
];
if (problems.length > 0) {
  console.error(`${DOC} is out of date:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`${DOC} is up to date (${expectedFolders.size} folders, ${longFiles.length} files over ${MAX_LINES} lines).`);
