// The one webpack config factory for the shell and the five remotes (DESIGN.md, Module Federation rule 4).
import path from 'node:path';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { REMOTES } from 'shared-contracts/remotes';
import { createServerConfig } from './serverConfig.mjs';
import { LinkStartupCssPlugin } from './startupCss.mjs';
import { FontPreloadPlugin } from './fontPreload.mjs';

const require = createRequire(import.meta.url);
const workspaceRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The shared singletons of DESIGN.md rule 3, versions read from the catalog-pinned installs. */
function sharedSingletons(appDir, contractVersion) {
  const appRequire = createRequire(path.join(appDir, 'package.json'));
  const versionOf = (pkg) => JSON.parse(readFileSync(appRequire.resolve(`${pkg}/package.json`), 'utf8')).version;
  const single = (pkg, key = pkg) => [key, { singleton: true, requiredVersion: `^${versionOf(pkg)}`, version: versionOf(pkg) }];
  return Object.fromEntries([
    single('react'),
    single('react', 'react/jsx-runtime'),
    single('react-dom'),
    single('react-dom', 'react-dom/client'),
    single('mobx'),
    single('mobx-react-lite'),
    single('i18next'),
    // a remote's share request states the contract major it was built for (DESIGN rule 8)
    ['shared-contracts', { singleton: true, requiredVersion: `^${parseInt(contractVersion, 10)}.0.0`, version: contractVersion }],
  ]);
}

/** The version of the shared-contracts an app compiles against (its package.json is not in `exports`). */
function sharedContractsVersionOf(appDir) {
  let dir = path.dirname(createRequire(path.join(appDir, 'package.json')).resolve('shared-contracts'));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== 'shared-contracts') {
    if (path.dirname(dir) === dir) throw new Error(`shared-contracts/package.json not found from ${appDir}`);
    dir = path.dirname(dir);
  }
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * @param {object} o
 * @param {string} o.appDir            absolute folder of the app
 * @param {string} o.name              federation name (`shell`, `mfe_order`, …)
 * @param {number} o.devPort           webpack-dev-server port
 * @param {Record<string,string>} [o.exposes]  remotes only
 * @param {boolean} [o.isHost]
 * @param {string} [o.title]           html title of the (standalone) page
 * @param {import('webpack').Configuration['plugins']} [o.extraPlugins]  browser build only
 * @param {Record<string,string>} [o.define]  DefinePlugin values of both the browser and the server build
 * @param {Record<string,string>} [o.preloadFonts]  host only: subset → woff2 file name (no extension) preloaded in index.html
 * @param {boolean} [o.devApiProxy]    dev server proxies /api, /dict and the WebSocket to API_URL (default true;
 *                                     remotes' standalone dev hosts call the api on their own origin, no CORS needed)
 */
export function createWebpackConfig(o) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProd = mode === 'production';
    // one id for both halves: a server render and the browser bundle hydrating it come from the same build
    const buildId = process.env.BUILD_ID || `${Date.now().toString(36)}`;
    const contractVersion = sharedContractsVersionOf(o.appDir);
    const define = {
      __BUILD_ID__: JSON.stringify(buildId),
      __APP_NAME__: JSON.stringify(o.name),
      // the contract this bundle was compiled against; a remote's `./pages` exports it as `contractVersion`
      __CONTRACT_VERSION__: JSON.stringify(contractVersion),
      ...o.define,
    };
    const shared = sharedSingletons(o.appDir, contractVersion);
    const cacheFor = (target) => ({
      type: 'filesystem',
      cacheDirectory: path.join(workspaceRoot, 'node_modules/.cache/webpack', o.name, mode, target),
      // the factory and the app's own config (and lockfile) invalidate the cache when they change
      buildDependencies: {
        config: [
          new URL(import.meta.url).pathname,
          new URL('./serverConfig.mjs', import.meta.url).pathname,
          new URL('./startupCss.mjs', import.meta.url).pathname,
          new URL('./fontPreload.mjs', import.meta.url).pathname,
          path.join(o.appDir, 'webpack.config.mjs'),
          path.join(workspaceRoot, 'pnpm-lock.yaml'),
        ].filter((f) => existsSync(f)),
      },
    });
    const scriptRule = {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules\/(?!\.pnpm)/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !isProd, refresh: false } },
            target: 'es2020',
          },
        },
      },
    };
    const cssModules = {
      namedExport: false,
      exportLocalsConvention: 'as-is',
      localIdentName: isProd ? `${o.name}_[hash:base64:6]` : `${o.name}_[name]_[local]`,
    };

    // The page of the build: the shell's; for a remote its standalone dev host (src/index.ts → bootstrap.tsx, reading
    // `?api=` and `?page=`), which only the dev server may serve: a production remote is its federation container
    // alone, or that host could boot on the site's origin (/remotes/<dir>/index.html) with an attacker's api (issue 24;
    // tooling/lint/remote-builds.test.mjs holds every remote's production config and built dist/ to it).
    const withPage = !!o.isHost || !isProd || !!env.WEBPACK_SERVE;
    const browser = {
      name: 'browser',
      mode,
      context: o.appDir,
      entry: withPage ? { main: './src/index.ts' } : {},
      target: 'web',
      devtool: isProd ? false : 'eval-cheap-module-source-map',
      cache: cacheFor('web'),
      output: {
        path: path.join(o.appDir, 'dist'),
        publicPath: o.isHost ? '/' : 'auto',
        // webpack 5.111 asks for this template while chunk hashes are still empty (module-federation/core#5077);
        // the federation runtime only needs the folder depth there, so the hash can be left out in that case.
        filename: (pathData) => (isProd && pathData.chunk?.contentHash?.javascript ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js'),
        chunkFilename: isProd ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: o.name,
        // dist/server/ is the server compiler's, written beside this one
        clean: { keep: /^server\// },
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: o.isHost ? esmExternalRuntimeCorePlugin() : {} },
      module: {
        rules: [
          scriptRule,
          {
            test: /\.module\.css$/,
            // extracted in production (remotes too): a server-rendered page links its CSS instead of waiting for JS
            use: [
              isProd ? MiniCssExtractPlugin.loader : require.resolve('style-loader'),
              { loader: require.resolve('css-loader'), options: { modules: cssModules } },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [isProd ? MiniCssExtractPlugin.loader : require.resolve('style-loader'), require.resolve('css-loader')],
          },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin(define),
        new ModuleFederationPlugin({
          name: o.name,
          filename: 'remoteEntry.js',
          exposes: o.exposes ?? {},
          remotes: {},
          shared,
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          runtimePlugins: o.runtimePlugins ?? [],
          // One federation runtime (DESIGN rule 3): the host provides it and production remotes use it;
          // a remote's dev server keeps its own so it can run standalone. asyncStartup: the host's share
          // scope is initialised before its entry runs, so no chunk of the shell can consume a shared module
          // before it exists (RUNTIME-006 seen in clean builds when the bootstrap chunk raced share init).
          // optimization.target 'web': the SDK's node script loaders are left out of the browser bundle (−3.9 KB gzip
          // of the shell's entry, issue 27); the server build (serverConfig.mjs) keeps its own node runtime.
          experiments: o.isHost
            ? { asyncStartup: true, provideExternalRuntime: o.provideExternalRuntime ?? true, optimization: { target: 'web' } }
            : { externalRuntime: o.externalRuntime ?? isProd, optimization: { target: 'web' } },
        }),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                // An app's own src/index.html wins; remotes share the standalone page beside this file.
                template: existsSync(path.join(o.appDir, 'src/index.html'))
                  ? path.join(o.appDir, 'src/index.html')
                  : path.join(path.dirname(new URL(import.meta.url).pathname), 'remote-standalone.html'),
                title: o.title ?? o.name,
                chunks: ['main'],
                scriptLoading: 'defer',
                templateParameters: { buildId },
              }),
            ]
          : []),
        ...(isProd ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css', chunkFilename: 'assets/[id].[contenthash:10].css' })] : []),
        ...(isProd && o.isHost ? [new LinkStartupCssPlugin()] : []),
        ...(o.isHost && o.preloadFonts ? [new FontPreloadPlugin(o.preloadFonts)] : []),
        // Precompressed siblings (`.br`, `.gz`) that web and the static server send by Accept-Encoding (tooling/static-files.mjs).
        ...(isProd
          ? [
              new CompressionPlugin({ test: COMPRESSIBLE, threshold: 1024, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
              new CompressionPlugin({
                test: COMPRESSIBLE,
                threshold: 1024,
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              }),
            ]
          : []),
        ...(o.extraPlugins ?? []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: isProd ? 'deterministic' : 'named',
        // swc's minifier: the same output size as terser in about half the time (a cold browser build 50 s → 30 s),
        // which keeps a fresh clone to the site up within its 3 minutes (issue 14).
        // CSS too (issue 27): a server-rendered page inlines its stylesheets, so their comments and spaces were HTML bytes
        // on every page; Lightning CSS only minifies here (no target lowering), so what the browser applies is the same.
        minimizer: [
          new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } }),
          new CssMinimizerPlugin({ minify: CssMinimizerPlugin.lightningCssMinify }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: o.devPort,
        hot: false,
        liveReload: true,
        historyApiFallback: o.isHost ? true : { index: '/index.html' },
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy:
          o.isHost || o.devApiProxy !== false
            ? [{ context: ['/api', '/dict'], target: process.env.API_URL || 'http://127.0.0.1:3000', ws: true, changeOrigin: false }]
            : [],
        client: { overlay: { errors: true, warnings: false } },
      },
    };
    // `webpack serve` stays browser-only; a production build also makes the server bundle (dist/server/)
    if (!isProd || env.WEBPACK_SERVE) return browser;
    return [browser, createServerConfig({ app: o, mode, define, shared, scriptRule, cssModules, cache: cacheFor('node') })];
  };
}

/**
 * `provideExternalRuntime` adds its runtime plugin by `require.resolve`, i.e. the CommonJS build, which `require`s the
 * CommonJS runtime-core and SDK: the host's entry then carried the federation runtime twice (the ESM copy the host
 * runs and the CJS copy handed to the remotes). Aliased to the plugin's ESM build, the remotes get the very runtime-core
 * instance the host runs, and the entry is 21.3 KB gzip smaller (50.8 → 29.5 KB, issue 27).
 */
function esmExternalRuntimeCorePlugin() {
  const enhancedRequire = createRequire(require.resolve('@module-federation/enhanced/webpack'));
  const cjs = enhancedRequire.resolve('@module-federation/inject-external-runtime-core-plugin');
  let dir = path.dirname(cjs);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const esm = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports?.['.']?.import?.default;
  if (!esm) throw new Error(`${dir}: no ESM build of the external runtime-core plugin`);
  return { [cjs]: path.join(dir, esm) };
}

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|wasm)$/;

/**
 * A remote's config from its entry in the one list of remotes (shared-contracts/remotes.cjs), found by the
 * app's folder: federation name, dev port and the exposed module, served from src/pages/index.ts.
 * @param {{ appDir: string, title?: string } & Omit<Parameters<typeof createWebpackConfig>[0], 'name' | 'devPort' | 'exposes' | 'isHost'>} o
 */
export function createRemoteWebpackConfig(o) {
  const remote = REMOTES.find((r) => r.dir === path.basename(o.appDir));
  if (!remote) throw new Error(`${o.appDir} is not a remote of shared-contracts/remotes.cjs`);
  return createWebpackConfig({ ...o, name: remote.name, devPort: remote.devPort, exposes: { [remote.exposes]: './src/pages/index.ts' } });
}
