// The shell's React app. Its parts live in ./app: ShellApp (providers and the router), Page (resolvePage's
// decision in its layout), RemoteSlot (a remote's page with its HostServices) and the navigation helpers.
export { ShellApp } from './app/ShellApp';
export { createBrowserRouter, createMemoryRouter } from './routing/router';
export type { ShellDeps } from './app/ShellContext';
