import type { TaskType } from '@fragtbud/contracts';

/**
 * mfe_carrier's `./SaveAlertButton` on the carrier's /tasks page: 'Gem som jobalarm' saves the page's current filters
 * (its task type) as a load alert, with regions and e-mail chosen in its dialog.
 */
export interface SaveAlertButtonProps {
  filters: { type: TaskType | '' };
}
