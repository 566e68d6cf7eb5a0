import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Preloads the site's own font in index.html (issue 25): `<link rel="preload" as="font" type="font/woff2" crossorigin
 * data-font-subset="…">` for each subset named, at the hashed URL the build gave the woff2 its stylesheet's
 * @font-face asks for (the same URL, or the browser would fetch it twice). A font is otherwise found only once the
 * stylesheet is parsed and text needs it, late on the first paint. web keeps the subsets a page's language needs
 * (web/src/html.ts keepFontPreloads).
 */
export class FontPreloadPlugin {
  /** @param {Record<string, string>} files  subset → the woff2's file name without extension (`inter-latin-wght-normal`) */
  constructor(files) {
    this.files = files;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('FontPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FontPreloadPlugin', (data) => {
        const names = compilation.getAssets().map((a) => a.name);
        const links = Object.entries(this.files).map(([subset, base]) => {
          // assetModuleFilename: assets/[name].[contenthash:10][ext]
          const file = names.find((n) => n.startsWith(`assets/${base}.`) && n.endsWith('.woff2'));
          if (!file) throw new Error(`FontPreloadPlugin: no emitted asset for ${base}.woff2`);
          return HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: `${data.publicPath}${file}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: true,
            'data-font-subset': subset,
          });
        });
        data.headTags.unshift(...links);
        return data;
      });
    });
  }
}
