import { ReviewForm, type ReviewProps } from '@fragtbud/web';

/** Exposed to the shell as `./Review`: the task owner rates the carrier once the task is completed (spec section 5). */
export default function CustomerReview({ task }: ReviewProps) {
  return <ReviewForm task={task} side="customer" />;
}
