export { ProfileWalletPage } from '../wallet/ProfileWalletPage';
