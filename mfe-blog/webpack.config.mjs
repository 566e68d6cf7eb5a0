import { createRemoteWebpackConfig } from 'tooling/webpack';

// name, dev port and exposed module come from this folder's entry in shared-contracts/remotes.cjs
export default createRemoteWebpackConfig({ appDir: import.meta.dirname, title: 'Blog — standalone' });
