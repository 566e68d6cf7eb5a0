// pnpm hooks.
// 1. viem (issue 28's chain) and its abitype and ox name TypeScript as an optional peer, for their types only.
// Resolved against the api's own TypeScript (a devDependency), it became an optional dependency of viem in the lockfile
// and so rode into the api's production install (tooling/lint/deploy-dockerfile.test.mjs): the peer is dropped here.
// 2. openapi-typescript (sdk/'s generator) loads TypeScript's JavaScript API, which TypeScript 7 (the workspace's) does
// not have: it gets TypeScript 6 as a dependency of its own instead of the peer (dependency-cruiser's the same way,
// pnpm-workspace.yaml packageExtensions).
const TYPES_ONLY_PEER = new Set(['viem', 'abitype', 'ox']);
const TYPESCRIPT_API = '6.0.3';

module.exports = {
  hooks: {
    readPackage(pkg) {
      if (TYPES_ONLY_PEER.has(pkg.name)) {
        if (pkg.peerDependencies) delete pkg.peerDependencies.typescript;
        if (pkg.peerDependenciesMeta) delete pkg.peerDependenciesMeta.typescript;
      }
      if (pkg.name === 'openapi-typescript') {
        if (pkg.peerDependencies) delete pkg.peerDependencies.typescript;
        pkg.dependencies = { ...pkg.dependencies, typescript: TYPESCRIPT_API };
      }
      return pkg;
    },
  },
};
