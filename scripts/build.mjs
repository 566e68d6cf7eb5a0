#!/usr/bin/env node
// Builds the shell and the five remotes for production: each app's browser bundle (dist/) and server bundle
// (dist/server/) as two separate webpack jobs (`--config-name browser|server`, one BUILD_ID per app so the halves
// match), as many at a time as the cores (and memory) allow, longest first by the durations of the last build
// (node_modules/.cache/build-times.json) so the two cores finish together. Webpack's filesystem cache
// (node_modules/.cache/webpack/<app>/<mode>/<target>, tooling/webpack/createConfig.mjs) makes rebuilds incremental.
//   node scripts/build.mjs [--missing] [--concurrency N] [app …]
// `--missing` builds only apps whose dist is absent or older than their sources (what `pnpm start` uses).
// A remote's server half is then signed (dist/server/signature.json, tooling/sign/signature.mjs): with its team's
// key when REMOTE_<NAME>_SIGNING_KEY_FILE or REMOTE_SIGNING_KEY_FILE names one, else with the workspace's dev key
// (made on first use, node_modules/.cache/remote-signing/; web trusts it outside production). A built remote whose
// signature is missing or by another key is signed again even when nothing is rebuilt.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { APPS, root } from './apps.mjs';
import { signedWith, signingKeyFor, signServerDir } from '../tooling/sign/signature.mjs';

const args = process.argv.slice(2);
const onlyMissing = args.includes('--missing');
const concurrencyArg = args.indexOf('--concurrency');
const named = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--concurrency');
// one job per core; a production build peaks at ~0.4 GB (mfe-docs, with redoc, at ~1.3 GB)
const byMemory = Math.max(1, Math.floor(os.totalmem() / 1.5e9));
const concurrency = concurrencyArg >= 0 ? Math.max(1, Number(args[concurrencyArg + 1]) || 1) : Math.max(1, Math.min(os.availableParallelism(), byMemory));
const TIMES_FILE = path.join(root, 'node_modules/.cache/build-times.json');
// before any build was timed here: the host and the docs remote (redoc) are the long ones
const DEFAULT_SECONDS = { 'shell:browser': 30, 'mfe-docs:browser': 30, 'shell:server': 12, 'mfe-exchange:browser': 18 };

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

// both halves of a production build: the shell's page and server bundle (main.js); a remote's federation manifest
// and server container (remoteEntry.js): a production remote has no page of its own (no standalone dev host)
const outputsOf = (app) => (app.dir === 'shell' ? ['dist/index.html', 'dist/server/main.js'] : ['dist/mf-manifest.json', 'dist/server/remoteEntry.js']);

/** Signs each built remote's dist/server/ unless it is already signed with the key this build uses. */
function signRemotes(apps) {
  for (const app of apps) {
    const serverDir = path.join(root, app.dir, 'dist/server');
    if (app.dir === 'shell' || !existsSync(path.join(serverDir, 'remoteEntry.js'))) continue;
    const key = signingKeyFor(root, app.name);
    if (signedWith(serverDir, key.privatePem)) continue;
    signServerDir(serverDir, app.name, key.privatePem);
    console.log(`signed ${app.dir}/dist/server with ${key.source}`);
  }
}

function isStale(app) {
  const stamps = outputsOf(app).map((file) => path.join(root, app.dir, file));
  if (!stamps.every((stamp) => existsSync(stamp))) return true;
  const built = Math.min(...stamps.map((stamp) => statSync(stamp).mtimeMs));
  const sources = [
    path.join(root, app.dir, 'src'),
    path.join(root, 'shared-contracts/src'),
    path.join(root, 'remote-kit/src'),
    path.join(root, 'tooling/webpack'),
  ];
  return sources.some((dir) => newestMtime(dir) > built);
}

function readTimes() {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** One webpack run of one half of one app, its output kept and shown only when it fails. */
function runJob(job) {
  return new Promise((resolve) => {
    const started = Date.now();
    const appDir = path.join(root, job.app.dir);
    const cli = createRequire(path.join(appDir, 'package.json')).resolve('webpack-cli/bin/cli.js');
    const child = spawn(process.execPath, [cli, '--mode', 'production', '--config-name', job.half], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, BUILD_ID: job.buildId },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (code === 0) console.log(`built ${job.app.dir} (${job.half}) in ${seconds.toFixed(1)} s`);
      else console.error(`${output}\nbuild of ${job.app.dir} (${job.half}) failed (exit ${code})`);
      resolve({ ok: code === 0, seconds });
    });
  });
}

const started = Date.now();
const chosen = named.length ? APPS.filter((app) => named.includes(app.dir) || named.includes(app.name)) : APPS;
const toBuild = chosen.filter((app) => !onlyMissing || isStale(app));
if (toBuild.length === 0) {
  signRemotes(chosen);
  console.log('all apps are built and up to date');
} else {
  const times = { ...DEFAULT_SECONDS, ...readTimes() };
  const jobs = toBuild
    .flatMap((app, i) => {
      const buildId = `${Date.now().toString(36)}${i}`;
      return ['browser', 'server'].map((half) => ({ app, half, buildId, key: `${app.dir}:${half}` }));
    })
    .sort((a, b) => (times[b.key] ?? 10) - (times[a.key] ?? 10));
  const workers = Math.min(concurrency, jobs.length);
  console.log(`building ${toBuild.map((a) => a.dir).join(', ')}: ${jobs.length} webpack jobs, ${workers} at a time`);
  const measured = {};
  let failed = false;
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let job = queue.shift(); job && !failed; job = queue.shift()) {
        const r = await runJob(job);
        if (r.ok) {
          measured[job.key] = Math.round(r.seconds * 10) / 10;
          // webpack leaves a file it would write unchanged untouched: mark the app built now, or a source change
          // that changes no output (a test, a comment) would leave it "stale" for every later `--missing`
          if (jobs.every((j) => j.app !== job.app || measured[j.key] !== undefined)) {
            // a fresh server half is unsigned (webpack's `clean`): signed before the app counts as built
            if (job.app.dir !== 'shell') signServerDir(path.join(root, job.app.dir, 'dist/server'), job.app.name, signingKeyFor(root, job.app.name).privatePem);
            const now = new Date();
            for (const stamp of outputsOf(job.app)) utimesSync(path.join(root, job.app.dir, stamp), now, now);
          }
        } else failed = true;
      }
    }),
  );
  mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
  writeFileSync(TIMES_FILE, `${JSON.stringify({ ...readTimes(), ...measured }, null, 2)}\n`);
  if (failed) process.exit(1);
  signRemotes(chosen);
  console.log(`built ${toBuild.length} app(s) in ${((Date.now() - started) / 1000).toFixed(1)} s (${workers} at a time)`);
}
