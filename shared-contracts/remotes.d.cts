// Types of remotes.cjs, the one list of remotes; test/remotes.test.ts fails when the two differ.
export declare const REMOTES: readonly [
  { readonly name: 'mfe_exchange'; readonly dir: 'mfe-exchange'; readonly devPort: 8081; readonly exposes: './pages' },
  { readonly name: 'mfe_order'; readonly dir: 'mfe-order'; readonly devPort: 8082; readonly exposes: './pages' },
  { readonly name: 'mfe_profile'; readonly dir: 'mfe-profile'; readonly devPort: 8083; readonly exposes: './pages' },
  { readonly name: 'mfe_blog'; readonly dir: 'mfe-blog'; readonly devPort: 8084; readonly exposes: './pages' },
  { readonly name: 'mfe_docs'; readonly dir: 'mfe-docs'; readonly devPort: 8085; readonly exposes: './pages' },
];
export type RemoteEntry = (typeof REMOTES)[number];
export type RemoteName = RemoteEntry['name'];
export declare const REMOTE_NAMES: readonly RemoteName[];
export declare const SHELL_DEV_PORT: 8080;
