#!/usr/bin/env node
// `pnpm start`: the api first (PGlite in ./.data, in-process bus, sandbox adapters), the front-end builds that are
// missing or stale meanwhile (scripts/build.mjs --missing), then web. Prints one line
//   ready: http://localhost:8080 in 12.3 s (build 0.0 s, web, api and database up)
// once web answers `/` and the api's health call through web (`/api/v1/health`, shared-contracts routeTable)
// says the database is up, timed from the start of the command. Until then web answers API calls with 503
// ERR_SERVICE_UNAVAILABLE (web/src/upstream.ts).
//
// Environment: WEB_PORT (8080), API_PORT (3000), HOST (127.0.0.1), API_URL (web → api; default the api started
// here), PGLITE_DIR, and everything the api and web read. The processes' logs go straight to this terminal (stdio
// inherited: on a TTY they print human-readable lines, otherwise JSON). Ctrl-C (SIGINT) or SIGTERM drains both.
import { spawn } from 'node:child_process';
import { root } from './apps.mjs';

const startedAt = performance.timeOrigin;
if (!process.version.startsWith('v24.')) console.warn(`Node 24 is the supported version (package.json engines); this is ${process.version}.`);
const seconds = (from = startedAt) => ((Date.now() - from) / 1000).toFixed(1);

const webPort = Number(process.env.WEB_PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const publicUrl = `http://${probeHost === '127.0.0.1' ? 'localhost' : probeHost}:${webPort}`;
const READY_TIMEOUT_MS = Number(process.env.START_READY_TIMEOUT_MS ?? 300_000);

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const children = new Map();
let stopping = false;

/**
 * A server as its own process group (`detached`): a terminal's Ctrl-C reaches this script alone, which then sends
 * each server one SIGTERM (their graceful drain) instead of a SIGINT from the terminal and a SIGTERM from here.
 * `node --import tsx` rather than `pnpm --filter … start`: one process per server, so signals reach it directly.
 */
function startServer(name, cwd, entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: `${root}/${cwd}`,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    console.error(`${name} exited (${signal ?? `code ${code}`}); stopping`);
    process.exitCode = code || 1;
    stop();
  });
  return child;
}

function stop() {
  if (stopping) return;
  stopping = true;
  if (children.size === 0) process.exit(process.exitCode ?? 0);
  for (const child of children.values()) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// the servers are their own process groups: never leave them behind
process.on('exit', () => {
  for (const child of children.values()) child.kill('SIGKILL');
});

// 1. The api first: it opens the database, migrates and indexes the content while the front end builds.
startServer('api', 'api', 'src/main.ts', { API_PORT: String(apiPort) });

// 2. The builds that are missing or stale (two at a time on two cores).
const buildStarted = Date.now();
const buildStatus = await new Promise((resolve) => {
  const build = spawn(process.execPath, ['scripts/build.mjs', '--missing'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  build.on('exit', (code) => resolve(code ?? 1));
});
const buildSeconds = seconds(buildStarted);
if (buildStatus !== 0) {
  console.error(`the build failed (exit ${buildStatus}); stopping`);
  process.exitCode = buildStatus;
  stop();
} else if (!stopping) {
  // 3. Web, pointed at the api started above unless API_URL says otherwise.
  startServer('web', 'web', 'src/main.ts', { WEB_PORT: String(webPort), API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}` });
  await waitUntilReady();
}

/** Web's `/` answers 200 and the api, asked through web, reports its database up (§4 health). */
async function waitUntilReady() {
  const base = `http://${probeHost}:${webPort}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'web not answering yet';
  while (!stopping && Date.now() < deadline) {
    try {
      const health = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(5_000) });
      const body = health.ok ? await health.json() : null;
      if (!health.ok) last = `api health through web: ${health.status}`;
      else if (body?.checks?.db !== 'up') last = `database ${body?.checks?.db ?? 'unknown'}`;
      else {
        const page = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) });
        await page.arrayBuffer();
        if (page.ok) {
          console.log(`\nready: ${publicUrl} in ${seconds()} s (build ${buildSeconds} s, web, api and database up; api health ${body.status})\n`);
          return;
        }
        last = `web / answered ${page.status}`;
      }
    } catch (error) {
      last = `web: ${error instanceof Error ? (error.cause?.code ?? error.message) : error}`;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!stopping) console.error(`not ready after ${READY_TIMEOUT_MS / 1000} s (${last}); still running, see the logs above`);
}
