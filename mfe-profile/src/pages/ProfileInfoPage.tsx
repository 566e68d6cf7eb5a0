export { ProfileInfoPage } from '../info/ProfileInfoPage';
