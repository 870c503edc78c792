import type { AdminBidsProps } from '@fragtbud/web';
import { AdminBids } from './admin-bids';

/** Exposed to the shell as `./AdminBids` and mounted on the task page's bids tab for an admin. */
export default function AdminBidsEntry(props: AdminBidsProps) {
  return <AdminBids {...props} />;
}
