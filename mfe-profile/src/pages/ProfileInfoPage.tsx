import { profileSection } from './ProfileSection';

export const ProfileInfoPage = profileSection('info_title', 'ProfileInfoPage');
