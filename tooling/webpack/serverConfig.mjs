// The server half of an app's production build (dist/server/), made by the same `webpack --mode production`
// call as the browser half (createConfig.mjs returns both). Shape verified in ../shared/TOOLCHAIN.md
// "Federated server rendering": async-node target, commonjs-module library, script remotes, the node
// runtime plugin, asyncStartup inside the MF plugin's experiments.
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);

/** dist/server/package.json: the bundle is CommonJS even in a `"type": "module"` package (the shell's). */
class CommonJsPackagePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CommonJsPackagePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CommonJsPackagePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('package.json', new webpack.sources.RawSource('{ "type": "commonjs" }\n'));
      });
    });
  }
}

/**
 * @param {object} p
 * @param {Parameters<typeof import('./createConfig.mjs').createWebpackConfig>[0]} p.app  the app's factory options
 * @param {'production' | 'development'} p.mode
 * @param {Record<string, string>} p.define            DefinePlugin values, the browser build's
 * @param {Record<string, unknown>} p.shared           the shared singletons, the browser build's
 * @param {import('webpack').RuleSetRule} p.scriptRule the swc rule, the browser build's
 * @param {Record<string, unknown>} p.cssModules       css-loader `modules` options, the browser build's (same class names)
 * @param {import('webpack').Configuration['cache']} p.cache
 */
export function createServerConfig({ app, mode, define, shared, scriptRule, cssModules, cache }) {
  const cssLoader = (modules) => ({ loader: require.resolve('css-loader'), options: { modules: { ...modules, exportOnlyLocals: true } } });
  return {
    name: 'server',
    mode,
    context: app.appDir,
    // the shell's bundle is web's render entry; a remote's is only its container (remoteEntry.js)
    entry: app.isHost ? { main: './src/ssr/entry.ts' } : {},
    target: 'async-node',
    devtool: false,
    cache,
    output: {
      path: path.join(app.appDir, 'dist/server'),
      // A remote's chunks are fetched over HTTP next to its remoteEntry.js: with an empty publicPath the node
      // runtime plugin resolves them against the entry URL the host registered (it cannot be known at build time).
      // The shell's chunks are read from disk beside main.js.
      publicPath: '',
      filename: '[name].js',
      // a changed build must change the chunk names, or a host holding the old entry cannot notice (TOOLCHAIN.md)
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs-module' },
      uniqueName: `${app.name}_server`,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        scriptRule,
        { test: /\.module\.css$/, use: [cssLoader(cssModules)] },
        // global CSS is the browser's alone: an empty module on the server
        { test: /\.css$/, exclude: /\.module\.css$/, use: [cssLoader({ mode: 'global' })] },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new CommonJsPackagePlugin(),
      new webpack.DefinePlugin(define),
      new ModuleFederationPlugin({
        name: app.name,
        filename: 'remoteEntry.js',
        exposes: app.exposes ?? {},
        remotes: {},
        shared,
        shareStrategy: 'loaded-first',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        manifest: false,
        dts: false,
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        experiments: { asyncStartup: true },
      }),
    ],
    // not minified: nothing downloads it, and stack traces stay readable
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic', minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
