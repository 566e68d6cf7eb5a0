// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePagesOf } from 'shared-contracts';
import { ProfileInfoPage } from './ProfileInfoPage';
import { ProfileHistoryPage } from './ProfileHistoryPage';
import { ProfileWalletPage } from './ProfileWalletPage';
import { ProfileWithdrawPage } from './ProfileWithdrawPage';
import { ProfileAffiliatePage } from './ProfileAffiliatePage';
import { ProfileCashbackPage } from './ProfileCashbackPage';
import { ProfileKeysPage } from './ProfileKeysPage';
import { ProfileVerificationPage } from './ProfileVerificationPage';

export { namespace, resources } from '../i18n';
export const pages = { ProfileInfo: ProfileInfoPage, ProfileHistory: ProfileHistoryPage, ProfileWallet: ProfileWalletPage, ProfileWithdraw: ProfileWithdrawPage, ProfileAffiliate: ProfileAffiliatePage, ProfileCashback: ProfileCashbackPage, ProfileKeys: ProfileKeysPage, ProfileVerification: ProfileVerificationPage } satisfies RemotePagesOf<'mfe_profile'>;
