import { createRemoteWebpackConfig } from 'tooling/webpack';
import redocAssets from './redocAssets.cjs';

// name, dev port and exposed module come from this folder's entry in shared-contracts/remotes.cjs; Redoc's logo comes
// from the site, not from Redoc's CDN (redocAssets.cjs, issue 24)
export default createRemoteWebpackConfig({ appDir: import.meta.dirname, title: 'Docs — standalone', extraPlugins: [new redocAssets.RedocAssetsPlugin()] });
