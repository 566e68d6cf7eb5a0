import { createWebpackConfig, REMOTE_DEV_PORTS } from 'tooling/webpack';

export default createWebpackConfig({
  appDir: import.meta.dirname,
  name: 'mfe_docs',
  devPort: REMOTE_DEV_PORTS.mfe_docs,
  exposes: { './pages': './src/pages/index.ts' },
  title: 'Docs — standalone',
});
