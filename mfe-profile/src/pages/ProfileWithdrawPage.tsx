export { ProfileWithdrawPage } from '../withdraw/ProfileWithdrawPage';
