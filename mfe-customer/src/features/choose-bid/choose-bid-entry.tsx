import type { ChooseBidProps } from '@fragtbud/web';
import { ChooseBid } from './choose-bid';

/**
 * Exposed to the shell as `./ChooseBid` and mounted on the task page's bids tab for the task's owner (the router,
 * session and web kit are the shell's, shared).
 */
export default function CustomerChooseBid(props: ChooseBidProps) {
  return <ChooseBid {...props} />;
}
