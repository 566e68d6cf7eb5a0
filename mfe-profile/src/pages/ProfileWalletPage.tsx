import { profileSection } from './ProfileSection';

export const ProfileWalletPage = profileSection('wallet_title', 'ProfileWalletPage');
