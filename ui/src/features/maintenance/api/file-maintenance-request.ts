import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { MaintenanceCategory } from '@building/events/read-models/maintenance';
import { command } from '../../../lib/api-client.ts';
import { preparePhoto } from '../../../lib/prepare-photo.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { maintenanceKey } from './get-my-maintenance.ts';

const filedSchema = z.object({ insertedId: z.string(), position: z.number() });

export interface NewMaintenanceRequest {
  category: MaintenanceCategory;
  description: string;
  photos: readonly File[];
}

/**
 * Uploads the photos (checked and shrunk as every photo here is), then POST /maintenance with
 * their links. The apartment comes from the member's lease on the server.
 */
export async function fileMaintenanceRequest({ category, description, photos }: NewMaintenanceRequest) {
  const links: string[] = [];
  for (const photo of photos) links.push(await uploadImage(await preparePhoto(photo)));
  return filedSchema.parse(await command('POST', '/maintenance', { category, description, photos: links }));
}

export function useFileMaintenanceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileMaintenanceRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKey }),
  });
}
