import type { HostServices } from 'shared-contracts';

/** §6: a signed-in account with the ADMIN permission (the admin page, its tab and every call of its store ask this). */
export const isAdminAccount = (host: Pick<HostServices, 'session'>) => host.session.isAuthorised && host.session.account?.permissions === 'ADMIN';
