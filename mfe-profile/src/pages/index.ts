// `./pages` (ARCHITECTURE.md): pages, namespace, loadResources (one chunk per locale), contractVersion.
import type { RemotePagesOf } from 'shared-contracts';
import { ProfileInfoPage } from './ProfileInfoPage';
import { ProfileHistoryPage } from './ProfileHistoryPage';
import { ProfileWalletPage } from './ProfileWalletPage';
import { ProfileWithdrawPage } from './ProfileWithdrawPage';
import { ProfileAffiliatePage } from './ProfileAffiliatePage';
import { ProfileCashbackPage } from './ProfileCashbackPage';
import { ProfileKeysPage } from './ProfileKeysPage';
import { ProfileVerificationPage } from './ProfileVerificationPage';
import { ProfileAdminVerificationsPage } from './ProfileAdminVerificationsPage';

export { namespace, loadResources } from '../i18n';
// DESIGN rule 8: the shared-contracts version this remote was compiled against, written in by the webpack factory
// (importing CONTRACT_VERSION would give the host's shared copy); undefined only outside webpack (jest).
export const contractVersion: string | undefined = typeof __CONTRACT_VERSION__ === 'string' ? __CONTRACT_VERSION__ : undefined;
export const pages = {
  ProfileInfo: ProfileInfoPage,
  ProfileHistory: ProfileHistoryPage,
  ProfileWallet: ProfileWalletPage,
  ProfileWithdraw: ProfileWithdrawPage,
  ProfileAffiliate: ProfileAffiliatePage,
  ProfileCashback: ProfileCashbackPage,
  ProfileKeys: ProfileKeysPage,
  ProfileVerification: ProfileVerificationPage,
  ProfileAdminVerifications: ProfileAdminVerificationsPage,
} satisfies RemotePagesOf<'mfe_profile'>;
