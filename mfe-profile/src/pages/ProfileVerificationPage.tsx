export { ProfileVerificationPage } from '../verification/ProfileVerificationPage';
