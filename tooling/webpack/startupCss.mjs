import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * What the entry loads at once (`src/index.ts` → `import('./bootstrap')`), put in index.html:
 * - the stylesheets of those chunks as links: mini-css-extract only links an async chunk's CSS when that chunk
 *   loads, so a server-rendered page would paint unstyled until the JS ran (the runtime finds the same href in the
 *   head and does not load it twice);
 * - their scripts (the shared singletons the host provides among them) as preloads: they download beside the entry
 *   instead of one round trip after it has run. At low priority: a high-priority script request competes with what
 *   the first paint needs (and Lighthouse counts it as render-blocking); the server-rendered page needs none of it.
 */
export class LinkStartupCssPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('LinkStartupCssPlugin', (compilation) => {
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      const startupFiles = (data) => {
        const files = new Set();
        for (const name of data.plugin.options.chunks === 'all' ? compilation.entrypoints.keys() : data.plugin.options.chunks) {
          for (const group of compilation.entrypoints.get(name)?.getChildren() ?? []) {
            for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
          }
        }
        return [...files];
      };
      hooks.beforeAssetTagGeneration.tap('LinkStartupCssPlugin', (data) => {
        const linked = new Set(data.assets.css);
        for (const file of startupFiles(data)) {
          const href = `${data.assets.publicPath}${file}`;
          if (file.endsWith('.css') && !linked.has(href)) data.assets.css.push(href);
        }
        return data;
      });
      hooks.alterAssetTagGroups.tap('LinkStartupCssPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath ?? '');
        const entryScripts = new Set(data.headTags.filter((t) => t.tagName === 'script').map((t) => t.attributes.src));
        const preloads = startupFiles(data)
          .filter((file) => file.endsWith('.js') && !entryScripts.has(`${publicPath}${file}`))
          .map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${publicPath}${file}` }));
        data.headTags.push(...preloads);
        return data;
      });
    });
  }
}
