// The shell's React app. Its parts live in ./app: ShellApp (providers and the router), Page (resolvePage's
// decision in its layout), RemoteSlot (a remote's page with its HostServices) and the navigation helpers.
export { ShellApp, routerRoutes } from './app/ShellApp';
export type { ShellDeps } from './app/ShellContext';
