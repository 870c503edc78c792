import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, useSession } from '@fragtbud/web';

/** DELETE /account: the account is anonymised, its login blocked and every session ended (the cookie too). */
export async function deleteAccount(): Promise<true> {
  await api.delete('/account', { preferServerMessage: true });
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
