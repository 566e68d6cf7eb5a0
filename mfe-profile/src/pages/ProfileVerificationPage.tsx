import { profileSection } from './ProfileSection';

export const ProfileVerificationPage = profileSection('verification_title', 'ProfileVerificationPage');
