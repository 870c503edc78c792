import type { CarrierBidsProps } from '@fragtbud/web';
import { OwnBids } from './features/own-bids/own-bids';

/**
 * Exposed to the shell as `./CarrierBids` and mounted on the task page's bids tab for carriers only, under the shell's
 * filter and sort (the router, session and web kit are the shell's, shared).
 */
export default function CarrierBids(props: CarrierBidsProps) {
  return <OwnBids {...props} />;
}
