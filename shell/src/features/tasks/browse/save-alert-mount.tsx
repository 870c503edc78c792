import type { SaveAlertButtonProps } from '@fragtbud/web';
import { RemoteApp } from '../../../remotes/remote-app';

/**
 * mfe_carrier's 'Gem som jobalarm' on a carrier's /tasks. Its own chunk, loaded only there: the first load of
 * / and /BrowseTasks carries neither the remote loader nor the remote.
 */
export default function SaveAlertMount(props: SaveAlertButtonProps) {
  return <RemoteApp<SaveAlertButtonProps> remote="mfe_carrier" module="SaveAlertButton" props={props} />;
}
