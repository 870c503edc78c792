import { useMutation } from '@tanstack/react-query';
import type { ProfileUser } from '@fragtbud/contracts';
import { api, useSession } from '@fragtbud/web';

export interface ProfileChanges {
  name: string;
  phone: string | null;
}

export const saveProfile = (body: ProfileChanges) =>
  api.put<{ user: ProfileUser; message: string }>('/users/profile', body, { preferServerMessage: true });

/** PUT /users/profile (own name and phone): the session's user becomes the saved one, so the header shows the new name. */
export function useSaveProfile() {
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: ({ user }) => {
      const { savedAddresses: _saved, ...sessionUser } = user;
      useSession.getState().setUser(sessionUser);
    },
  });
}
