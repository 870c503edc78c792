import { ReviewForm, type ReviewProps } from '@fragtbud/web';

/** Exposed to the shell as `./Review`: the assigned carrier rates the customer once the task is completed (spec section 5). */
export default function CarrierReview({ task }: ReviewProps) {
  return <ReviewForm task={task} side="carrier" />;
}
