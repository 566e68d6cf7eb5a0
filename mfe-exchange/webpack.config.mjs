import { createWebpackConfig, REMOTE_DEV_PORTS } from 'tooling/webpack';

export default createWebpackConfig({
  appDir: import.meta.dirname,
  name: 'mfe_exchange',
  devPort: REMOTE_DEV_PORTS.mfe_exchange,
  exposes: { './pages': './src/pages/index.ts' },
  title: 'Exchange — standalone',
});
