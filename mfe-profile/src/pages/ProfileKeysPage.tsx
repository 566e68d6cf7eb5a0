// API keys (§2 /profile/keys): create one (its secret shown once, to copy), the list (id, name, prefix, allowed IP
// addresses, state, created, last used), edit (name, IP allow-list, active), deactivate/activate, delete with a confirm.
// Issue 24: an unconfirmed email says why keys cannot be created (with the way to confirm it); creation and resume go
// through step-up; the signing secret is shown once beside the key; a key suspended by a password reset is marked
// and has "Resume"; each key can require signed requests.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices, RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { namespace } from '../i18n';
import { createAccountStores } from '../account/accountStores';
import { StepUpDialog } from '../stepUp/StepUpDialog';
import { ApiKeysStore } from '../features/keys/ApiKeysStore';
import { KeysView } from '../features/keys/KeysView';

function makeStores(host: HostServices) {
  const { status, stepUp } = createAccountStores(host);
  const store = new ApiKeysStore({
    api: host.api,
    isAuthorised: () => host.session.isAuthorised,
    notify: (n) => host.notify(n),
    t: (key) => host.i18n.t(key, { ns: namespace }),
    stepUp,
    emailNotConfirmed: () => void status.reload(),
  });
  return { status, stepUp, store };
}

export const ProfileKeysPage = observer(function ProfileKeysPage({ host }: RemotePageProps) {
  const [{ status, stepUp, store }] = useState(() => makeStores(host));
  const authorised = host.session.isAuthorised;
  useEffect(() => {
    if (!authorised) return;
    void host.trackLoading(store.load());
    void status.refreshIfUnconfirmed();
  }, [authorised, host, store, status]);
  return (
    <ProfileFrame host={host} titleKey="keys_title">
      <KeysView host={host} store={store} status={status} />
      <StepUpDialog host={host} store={stepUp} />
    </ProfileFrame>
  );
});
