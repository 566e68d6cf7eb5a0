export { ProfileKeysPage } from '../keys/ProfileKeysPage';
