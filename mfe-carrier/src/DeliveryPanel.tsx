import type { DeliveryPanelProps } from '@fragtbud/web';
import { DeliveryPanel } from './features/delivery/delivery-panel';

/**
 * Exposed to the shell as `./DeliveryPanel` and mounted in the task page's action panel for the task's assigned
 * carrier only (the router, session and web kit are the shell's, shared).
 */
export default function CarrierDeliveryPanel(props: DeliveryPanelProps) {
  return <DeliveryPanel {...props} />;
}
