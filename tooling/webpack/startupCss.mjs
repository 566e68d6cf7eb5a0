import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Links in index.html the stylesheets of the chunks the entry loads at once (`src/index.ts` →
 * `import('./bootstrap')`): mini-css-extract only links an async chunk's CSS when that chunk loads, so a
 * server-rendered page would paint unstyled until the JS ran. The runtime finds the same href in the head
 * and does not load it twice. (Their scripts are not preloaded: a server-rendered page paints without them, and
 * `import('./bootstrap')` asks for all of them at once after the first paint, see src/index.ts.)
 */
export class LinkStartupCssPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('LinkStartupCssPlugin', (compilation) => {
      const startupFiles = (data) => {
        const files = new Set();
        for (const name of data.plugin.options.chunks === 'all' ? compilation.entrypoints.keys() : data.plugin.options.chunks) {
          for (const group of compilation.entrypoints.get(name)?.getChildren() ?? []) {
            for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
          }
        }
        return [...files];
      };
      HtmlWebpackPlugin.getHooks(compilation).beforeAssetTagGeneration.tap('LinkStartupCssPlugin', (data) => {
        const linked = new Set(data.assets.css);
        for (const file of startupFiles(data)) {
          const href = `${data.assets.publicPath}${file}`;
          if (file.endsWith('.css') && !linked.has(href)) data.assets.css.push(href);
        }
        return data;
      });
    });
  }
}
