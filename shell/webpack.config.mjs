import path from 'node:path';
import webpack from 'webpack';
import { createWebpackConfig } from 'tooling/webpack';

// One build id for the bundle (__BUILD_ID__, set by the factory from BUILD_ID) and builds/latest.json.
process.env.BUILD_ID ||= Date.now().toString(36);
const buildId = process.env.BUILD_ID;

/** Emits builds/latest.json = { buildId } next to index.html (polled by the UpdateStore). */
class BuildMetaPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildMetaPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildMetaPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('builds/latest.json', new webpack.sources.RawSource(JSON.stringify({ buildId, builtAt: new Date().toISOString() })));
      });
    });
  }
}

const env = process.env;
const shellConfig = {
  defaultTheme: env.DEFAULT_THEME === 'dark' ? 'dark' : 'light',
  healthCheckOnStart: env.HEALTH_CHECK_ON_START !== 'false',
  partnerReferralParam: env.PARTNER_REFERRAL_PARAM || 'ref',
};

export default createWebpackConfig({
  appDir: import.meta.dirname,
  name: 'shell',
  isHost: true,
  devPort: 8080,
  title: 'Exchange',
  // the browser's retry and fallback plugins touch window: the server build has only the node runtime plugin
  runtimePlugins: [path.join(import.meta.dirname, 'src/federation/retryPlugin.ts'), path.join(import.meta.dirname, 'src/federation/fallbackPlugin.ts')],
  extraPlugins: [new BuildMetaPlugin()],
  // the site's own font (src/styles/fonts.css): Latin on every page, Cyrillic kept by web on /ru (web/src/html.ts)
  preloadFonts: { latin: 'inter-latin-wght-normal', cyrillic: 'inter-cyrillic-wght-normal' },
  define: { __SHELL_CONFIG__: JSON.stringify(shellConfig) },
});
