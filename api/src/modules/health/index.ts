// The health module (§4 Health). This file is the module's only face.
export { checkHealth, registerHealthRoutes, type HealthDeps } from './routes';
