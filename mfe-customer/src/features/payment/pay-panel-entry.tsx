import type { PayPanelProps } from '@fragtbud/web';
import { PayPanel } from './pay-panel';

/**
 * Exposed to the shell as `./PayPanel` and mounted among the task owner's actions on the task page while the task is
 * assigned (or just paid, to keep the success text on screen after the shell reloads the task).
 */
export default function CustomerPayPanel(props: PayPanelProps) {
  return <PayPanel {...props} />;
}
