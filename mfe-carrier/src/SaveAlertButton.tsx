import type { SaveAlertButtonProps } from '@fragtbud/web';
import { SaveAlertButton } from './features/alerts';

/** Exposed to the shell as `./SaveAlertButton`: 'Gem som jobalarm' on the carrier's /tasks page. */
export default function CarrierSaveAlertButton(props: SaveAlertButtonProps) {
  return <SaveAlertButton {...props} />;
}
