import { useMutation } from '@tanstack/react-query';
import type { AccountExport } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** GET /account/export: everything Fragtbud holds about the signed-in user, gathered from every service. */
export async function exportAccount(): Promise<AccountExport> {
  return api.get<AccountExport>('/account/export');
}

/** The export saved as `fragtbud-data-<date>.json` in the browser's downloads. */
export function saveExport(data: AccountExport): void {
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `fragtbud-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount, onSuccess: saveExport });
}
