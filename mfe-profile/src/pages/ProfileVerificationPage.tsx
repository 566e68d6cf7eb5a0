// Identity verification (§2 /profile/verification, §4): the status (NOT_STARTED: start; CREATED/PROCESS: under review;
// PASS: verified; REJECT: the reason and a new start), the §4 step indicator as the kit's Stepper, and the upload steps,
// each a card. The status loads in an effect (nothing is sent for a guest, nothing touches the browser in render); the
// photos are sent as multipart/form-data through the typed client (kycSubmit), its errors in the catalogue's shape.
// Issue 25: the card counts the parts of the indicator's current stage (so the two never disagree), and the photos are
// chosen with the design system's UploadField (texts in the page's language, drag and drop, preview, camera on phones).
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { VerificationStore } from '../features/verification/VerificationStore';
import { VerificationView } from '../features/verification/VerificationView';

export const ProfileVerificationPage = observer(function ProfileVerificationPage({ host }: RemotePageProps) {
  const [store] = useState(
    () =>
      new VerificationStore({
        api: host.api,
        // The typed client sends a multipart route's FormData as it is, with the 401 refresh-and-retry of every call.
        submit: (form) => host.api.kycSubmit({ body: form }),
        isAuthorised: () => host.session.isAuthorised,
      }),
  );
  const authorised = host.session.isAuthorised;
  useEffect(() => {
    if (!authorised) return;
    void host.trackLoading(store.loadStatus());
  }, [authorised, host, store]);
  return (
    <ProfileFrame host={host} titleKey="verification_title">
      <VerificationView host={host} store={store} />
    </ProfileFrame>
  );
});
