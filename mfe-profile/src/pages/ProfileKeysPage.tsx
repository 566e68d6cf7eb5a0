import { profileSection } from './ProfileSection';

export const ProfileKeysPage = profileSection('keys_title', 'ProfileKeysPage');
