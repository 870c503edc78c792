/**
 * A message for the page the wizard navigates to, carried in the router's location state:
 * `navigate('/task/7', { state: { flash: { kind: 'error', message: 'Opgaven kan ikke længere redigeres.' } } })`.
 * The shell shows `location.state.flash` on the page it lands on.
 */
export interface Flash {
  kind: 'success' | 'error' | 'info';
  message: string;
}

export const withFlash = (kind: Flash['kind'], message: string): { flash: Flash } => ({ flash: { kind, message } });

/** `/login?next=/create-task%3Ftype%3Dmoving` — the shell's format: slashes stay readable, the rest is encoded. */
export function loginPathFor(pathWithSearch: string): string {
  return `/login?next=${encodeURIComponent(pathWithSearch).replace(/%2F/gi, '/')}`;
}
