// The six front-end apps, in the order they are built.
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const REMOTES = [
  { name: 'mfe_exchange', dir: 'mfe-exchange', port: 8081 },
  { name: 'mfe_order', dir: 'mfe-order', port: 8082 },
  { name: 'mfe_profile', dir: 'mfe-profile', port: 8083 },
  { name: 'mfe_blog', dir: 'mfe-blog', port: 8084 },
  { name: 'mfe_docs', dir: 'mfe-docs', port: 8085 },
];
export const APPS = [{ name: 'shell', dir: 'shell', port: 8080 }, ...REMOTES];
