import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@fragtbud/contracts';
import { apiRequest, useSession } from '@fragtbud/web';

/**
 * DELETE /account {currentPassword}: the account is anonymised, its login blocked and every session ended (the
 * cookie too). A wrong password is 400 `current_password_wrong` and nothing happens.
 */
export async function deleteAccount(body: DeleteAccountBody): Promise<true> {
  await apiRequest('/account', { method: 'DELETE', body, preferServerMessage: true });
  return true;
}

/** `onDeleted` runs before the session is cleared (which unmounts the profile page): e.g. to leave the page. */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const client = useQueryClient();
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      onDeleted();
      // Nothing cached may outlive the account.
      client.clear();
      setUser(null);
    },
  });
}
