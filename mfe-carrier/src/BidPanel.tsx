import type { BidPanelProps } from '@fragtbud/web';
import { BidPanel } from './features/place-bid/bid-panel';

/**
 * Exposed to the shell as `./BidPanel` and mounted on the task page's bids tab for carriers only (the router, session
 * and web kit are the shell's, shared).
 */
export default function CarrierBidPanel(props: BidPanelProps) {
  return <BidPanel {...props} />;
}
