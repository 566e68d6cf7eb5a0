export { ProfileAdminVerificationsPage } from '../admin/ProfileAdminVerificationsPage';
