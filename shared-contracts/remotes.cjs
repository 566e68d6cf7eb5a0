// The one list of remotes (issue 8): the build scripts, the web server, the webpack factory, jest and the
// e2e harness read it, and `RemoteName` is derived from it. CommonJS data only, so jest.config.cjs can
// require it, ESM can import it and the browser bundle may carry it. Its types are remotes.d.cts; a
// test (test/remotes.test.ts) keeps the two in step.
// name: the federation container name; dir: the package folder (and package name), served under
// /remotes/<dir>/; devPort: `pnpm --filter <dir> dev`; exposes: the one exposed module.
const REMOTES = Object.freeze([
  Object.freeze({ name: 'mfe_exchange', dir: 'mfe-exchange', devPort: 8081, exposes: './pages' }),
  Object.freeze({ name: 'mfe_order', dir: 'mfe-order', devPort: 8082, exposes: './pages' }),
  Object.freeze({ name: 'mfe_profile', dir: 'mfe-profile', devPort: 8083, exposes: './pages' }),
  Object.freeze({ name: 'mfe_blog', dir: 'mfe-blog', devPort: 8084, exposes: './pages' }),
  Object.freeze({ name: 'mfe_docs', dir: 'mfe-docs', devPort: 8085, exposes: './pages' }),
]);

exports.REMOTES = REMOTES;
exports.REMOTE_NAMES = Object.freeze(REMOTES.map((remote) => remote.name));
exports.SHELL_DEV_PORT = 8080;
