import type { CarrierTaskActionsProps } from '@fragtbud/web';
import { BidNote } from './features/task-actions/bid-note';

/**
 * Exposed to the shell as `./TaskActions`: the carrier's part of the task page's 'Handlinger' panel (the delivery
 * steps are `./DeliveryPanel`, mounted beside it for the assigned carrier).
 */
export default function CarrierTaskActions(props: CarrierTaskActionsProps) {
  return <BidNote {...props} />;
}
