#!/usr/bin/env node
// `pnpm start`: builds what is missing, then runs the api and web on the embedded defaults
// (PGlite in ./.data, in-process bus, sandbox adapters). Open http://localhost:8080.
import { spawn, spawnSync } from 'node:child_process';
import { root } from './apps.mjs';

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--missing'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn('pnpm', ['--filter', 'api', 'start'], { cwd: root, stdio: 'inherit' }),
  spawn('pnpm', ['--filter', 'shell', 'serve'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (code && code !== 0) {
      console.error(`a process exited with ${code}; stopping`);
      stop();
      process.exitCode = code;
    }
  });
}
console.log(`\nThe site starts on http://localhost:${process.env.WEB_PORT ?? 8080} (api on :${process.env.API_PORT ?? 3000}).\n`);
