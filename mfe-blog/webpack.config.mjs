import { createWebpackConfig, REMOTE_DEV_PORTS } from 'tooling/webpack';

export default createWebpackConfig({
  appDir: import.meta.dirname,
  name: 'mfe_blog',
  devPort: REMOTE_DEV_PORTS.mfe_blog,
  exposes: { './pages': './src/pages/index.ts' },
  title: 'Blog — standalone',
});
