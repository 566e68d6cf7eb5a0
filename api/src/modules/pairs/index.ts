// The pairs module (§3 popular exchanges, the public pair list, the default pair). This file is the module's only face.
export { registerPairRoutes } from './routes';
export { listPublicPairs } from './service';
