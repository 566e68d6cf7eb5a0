// `/support` (§2, issue 13): answers to the common questions (server-rendered, native <details>), the contact form in a
// dialog (opening it is the §4 open_support_modal event) and the order lookup by deposit transaction hash.
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { SupportView } from '../features/support/SupportView';
import { faqKey } from '../supportData/supportData';

export const SupportPage = observer(function SupportPage({ host }: RemotePageProps) {
  const locale = host.locale.current;
  const key = faqKey(locale);
  return <SupportView key={key} requestKey={key} host={host} locale={locale} />;
});
