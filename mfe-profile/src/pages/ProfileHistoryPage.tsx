export { ProfileHistoryPage } from '../history/ProfileHistoryPage';
