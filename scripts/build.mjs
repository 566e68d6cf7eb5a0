#!/usr/bin/env node
// Builds the shell and the five remotes, two at a time (the machine has two cores; webpack's
// filesystem cache makes rebuilds incremental). `--missing` builds only apps whose dist is absent or
// older than their sources (what `pnpm start` uses).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, root } from './apps.mjs';

const onlyMissing = process.argv.includes('--missing');
const concurrency = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

// both halves of a production build: the browser's page and the server bundle (shell: main.js, remotes: remoteEntry.js)
const outputsOf = (app) => ['dist/index.html', app.dir === 'shell' ? 'dist/server/main.js' : 'dist/server/remoteEntry.js'];

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

function build(app) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('pnpm', ['--filter', app.dir, 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      if (code === 0) {
        console.log(`built ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        console.error(output);
        reject(new Error(`build of ${app.dir} failed (exit ${code})`));
      }
    });
  });
}

const toBuild = APPS.filter((app) => !onlyMissing || isStale(app));
if (toBuild.length === 0) console.log('all apps are built and up to date');
const queue = [...toBuild];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) await build(app);
  }),
);
