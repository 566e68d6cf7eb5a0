// `/status` (issue 13): the service's §4 health now (Operational / Degraded / Outage), its last STATUS_HISTORY_DAYS
// days as a strip of bars (each labelled; days without data distinct), the uptime over them, and the incidents.
import type { RemotePageProps } from 'shared-contracts';
import { StatusBoard } from '../features/status/StatusBoard';

export function StatusPage({ host }: RemotePageProps) {
  return <StatusBoard host={host} />;
}
