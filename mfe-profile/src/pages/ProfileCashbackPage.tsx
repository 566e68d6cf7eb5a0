import { profileSection } from './ProfileSection';

export const ProfileCashbackPage = profileSection('cashback_title', 'ProfileCashbackPage');
