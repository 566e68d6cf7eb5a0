import { profileSection } from './ProfileSection';

export const ProfileWithdrawPage = profileSection('withdraw_title', 'ProfileWithdrawPage');
