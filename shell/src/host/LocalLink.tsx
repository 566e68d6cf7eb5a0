import { observer } from 'mobx-react-lite';
import { Link } from '../routing/RouterProvider';
import type { HostLinkProps } from 'shared-contracts';
import { localePath } from '../routing/routes';
import { useStores } from '../stores/RootStore';

/** HostServices.Link: `to` is a path without the locale prefix; the prefix is added here. */
export const LocalLink = observer(function LocalLink({ to, replace, className, children, 'data-testid': testId }: HostLinkProps) {
  const { locale } = useStores();
  return (
    <Link to={localePath(to, locale.current)} replace={replace} className={className} data-testid={testId}>
      {children}
    </Link>
  );
});
