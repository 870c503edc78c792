import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, uploadDocument } from '@fragtbud/web';

export interface NewInsurance {
  file: File;
  expiresAt: string;
  notes: string;
}

/** Uploads the certificate (POST /upload/document), then records it (POST /users/insurance). */
export async function addInsurance({ file, expiresAt, notes }: NewInsurance): Promise<void> {
  const fileUrl = await uploadDocument(file, file.name);
  await api.post('/users/insurance', { file_url: fileUrl, expires_at: expiresAt, notes }, { preferServerMessage: true });
}

export function useAddInsurance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addInsurance,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myInsurance() }),
  });
}
