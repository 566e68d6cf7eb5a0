import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Links in index.html the stylesheets of the chunks the entry loads at once (`src/index.ts` →
 * `import('./bootstrap')`): mini-css-extract only links an async chunk's CSS when that chunk loads, so a
 * server-rendered page would paint unstyled until the JS ran. The runtime finds the same href in the head
 * and does not load it twice.
 */
export class LinkStartupCssPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('LinkStartupCssPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeAssetTagGeneration.tap('LinkStartupCssPlugin', (data) => {
        const files = new Set();
        for (const name of data.plugin.options.chunks === 'all' ? compilation.entrypoints.keys() : data.plugin.options.chunks) {
          for (const group of compilation.entrypoints.get(name)?.getChildren() ?? []) {
            for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.css')) files.add(file);
          }
        }
        const linked = new Set(data.assets.css);
        for (const file of files) {
          const href = `${data.assets.publicPath}${file}`;
          if (!linked.has(href)) data.assets.css.push(href);
        }
        return data;
      });
    });
  }
}
