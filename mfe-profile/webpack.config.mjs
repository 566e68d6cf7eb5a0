import { createWebpackConfig, REMOTE_DEV_PORTS } from 'tooling/webpack';

export default createWebpackConfig({
  appDir: import.meta.dirname,
  name: 'mfe_profile',
  devPort: REMOTE_DEV_PORTS.mfe_profile,
  exposes: { './pages': './src/pages/index.ts' },
  title: 'Profile — standalone',
});
