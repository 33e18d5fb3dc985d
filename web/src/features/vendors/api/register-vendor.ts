import type { TVendor, TVendorDocumentField } from '@app/domain/schemas/vendors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vendorsKeys } from './vendors-keys';

export type TVendorDocuments = Partial<Record<TVendorDocumentField, File | null>>;

/** POST /vendors/register as multipart: the fields first, then the documents (spec 3 §7). */
/** The form's values as typed (the server checks them with the same schema); a null is not sent. */
export type TRegistrationBody = Record<string, string | boolean | null>;

export function registerVendor({
  body,
  documents,
}: {
  body: TRegistrationBody;
  documents: TVendorDocuments;
}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== null) data.append(name, String(value));
  for (const [field, file] of Object.entries(documents)) if (file) data.append(field, file, file.name);
  return apiRequest<{ message: string; vendor: TVendor }>('/vendors/register', {
    method: 'POST',
    multipart: data,
  });
}

export function useRegisterVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsKeys.all }),
  });
}
