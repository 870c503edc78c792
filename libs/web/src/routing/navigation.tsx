import { useLocation } from 'react-router-dom';

/**
 * A message for the page a flow navigates to, carried in the router's location state:
 * `navigate('/task/7', { state: withFlash('error', 'Opgaven kan ikke længere redigeres.') })`.
 * The shell's layout shows it above the page it lands on.
 */
export interface Flash {
  kind: 'success' | 'error' | 'info';
  message: string;
}

export const withFlash = (kind: Flash['kind'], message: string): { flash: Flash } => ({ flash: { kind, message } });

/** `/login?next=/create-task%3Ftype%3Dmoving` — slashes stay readable, everything else in the path is encoded. */
export function loginPathFor(pathWithSearch: string): string {
  return `/login?next=${encodeURIComponent(pathWithSearch).replace(/%2F/gi, '/')}`;
}

/**
 * `/register?next=…&email=…`: the sign-up form that comes back to `next` (when given) with the e-mail field filled in
 * (a guest's task names the address its account must use).
 */
export function registerPathFor(next?: string | null, email?: string | null): string {
  const query = [
    ...(next ? [`next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`] : []),
    ...(email ? [`email=${encodeURIComponent(email)}`] : []),
  ];
  return query.length > 0 ? `/register?${query.join('&')}` : '/register';
}

/**
 * Where a guest lands after posting a task: the confirmation page with the task number; `mail=1` when a contact
 * e-mail was given, so the page may say the follow-up link was mailed; `access=` the private link's token the create
 * answer carried, so the page can link to the task (and give the link to a guest who gave no e-mail).
 */
export function taskCreatedPathFor(task: { id: number; contact_email: string | null; access_token?: string }): string {
  const query = [...(task.contact_email ? ['mail=1'] : []), ...(task.access_token ? [`access=${encodeURIComponent(task.access_token)}`] : [])];
  return `/task-created/${task.id}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** The guest's private view of a task: `/task/{id}?access=…` (the link the follow-up mail carries). */
export function guestTaskPathFor(taskId: number | string, accessToken: string): string {
  return `/task/${taskId}?access=${encodeURIComponent(accessToken)}`;
}

/** Shows the flash message the current location was reached with, if any. */
export function FlashMessage() {
  const location = useLocation();
  const flash = (location.state as { flash?: Flash } | null)?.flash;
  if (!flash?.message) return null;
  return (
    <div className="fb-container">
      <p className={`fb-flash fb-flash--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
        {flash.message}
      </p>
    </div>
  );
}
