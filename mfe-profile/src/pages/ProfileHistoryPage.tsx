import { profileSection } from './ProfileSection';

export const ProfileHistoryPage = profileSection('history_title', 'ProfileHistoryPage');
