import { profileSection } from './ProfileSection';

export const ProfileAffiliatePage = profileSection('affiliate_title', 'ProfileAffiliatePage');
