// Redoc under the site's Content-Security-Policy (issue 24): its "API docs by Redocly" logo came from cdn.redoc.ly
// (img-src 'self': nothing the site shows comes from a third party), so the two logo URLs in Redoc's bundle are
// replaced by files of this package, emitted by the build beside the docs' other assets; and its search index no
// longer tries eval (below).
const path = require('node:path');

const LOGOS = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': 'redocly-logo-mini-full.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg': 'redocly-logo-mini.svg',
};
const ASSETS = path.join(__dirname, 'src/features/reference/assets');
/** Redoc's browser bundle (redoc/bundles/redoc.js), wherever pnpm put it. */
const REDOC_BUNDLE = /[\\/]redoc[\\/]bundles[\\/]redoc\.js$/;

/** The webpack loader: each logo URL becomes the URL of the emitted file; a URL missing from the bundle fails the build. */
function redocAssetsLoader(source) {
  let out = source;
  const imports = [];
  Object.entries(LOGOS).forEach(([url, file], i) => {
    const at = out.indexOf(url);
    if (at < 0) throw new Error(`redocAssets: ${url} not found in ${this.resourcePath}; check Redoc's third-party assets again`);
    const name = `__redocLogo${i}`;
    imports.push(`import ${name} from ${JSON.stringify(path.join(ASSETS, file))};`);
    // the URL sits in a template literal or a string: the whole literal becomes the import
    out = out.replace(new RegExp(`([\`'"])${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\1`, 'g'), name);
  });
  if (/cdn\.redoc\.ly/.test(out)) throw new Error('redocAssets: another cdn.redoc.ly URL in Redoc; serve it from the site too');
  // Redoc's search index (FlexSearch) probes `Function(source)` to run in a worker: the site's CSP has no
  // 'unsafe-eval', so the probe would be refused (a violation report on every visit) and the index would run in the
  // page anyway. The probe is answered "no worker" up front: the same search, in the page, without eval.
  const evalProbe = /try\{return \w+\._factory\?\?=Function\(\w+\),!0\}catch\{return!1\}/;
  if (!evalProbe.test(out)) throw new Error(`redocAssets: Redoc's search worker probe (Function(…)) not found in ${this.resourcePath}; check it again`);
  out = out.replace(evalProbe, 'return!1');
  return `${imports.join('\n')}\n${out}`;
}

/** The webpack plugin adding the loader to Redoc's bundle. */
class RedocAssetsPlugin {
  apply(compiler) {
    compiler.options.module.rules.push({ test: REDOC_BUNDLE, enforce: 'pre', use: [{ loader: __filename }] });
  }
}

redocAssetsLoader.RedocAssetsPlugin = RedocAssetsPlugin;
// webpack runs this file as the loader (RedocAssetsPlugin names it by path); webpack.config.mjs takes the plugin
module.exports = redocAssetsLoader;
