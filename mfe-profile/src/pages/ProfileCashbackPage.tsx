export { ProfileCashbackPage } from '../cashback/ProfileCashbackPage';
