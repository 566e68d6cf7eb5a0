import { createWebpackConfig, REMOTE_DEV_PORTS } from 'tooling/webpack';

export default createWebpackConfig({
  appDir: import.meta.dirname,
  name: 'mfe_order',
  devPort: REMOTE_DEV_PORTS.mfe_order,
  exposes: { './pages': './src/pages/index.ts' },
  title: 'Order — standalone',
});
