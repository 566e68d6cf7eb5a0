export { ProfileAffiliatePage } from '../affiliate/ProfileAffiliatePage';
