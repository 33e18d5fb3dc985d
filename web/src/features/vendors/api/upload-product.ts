import type { TVendorProduct, TVendorProductView } from '@app/domain/schemas/vendors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vendorsKeys } from './vendors-keys';

export type TProductUpload = {
  body: TVendorProduct;
  images: File[];
  video: File | null;
  idempotencyKey: string;
};

/** POST /vendors/products as multipart: the fields (lists as JSON text), the images, then the video. */
export function uploadProduct({ body, images, video, idempotencyKey }: TProductUpload) {
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    data.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  for (const image of images) data.append('images', image, image.name);
  if (video) data.append('video', video, video.name);
  return apiRequest<{ message: string; product: TVendorProductView }>('/vendors/products', {
    method: 'POST',
    multipart: data,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useUploadProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsKeys.products() }),
  });
}
