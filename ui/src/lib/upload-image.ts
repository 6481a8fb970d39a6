import { z } from 'zod/mini';
import { command } from './api-client.ts';
import { assetUrl } from './asset-url.ts';

const uploadedSchema = z.object({ data: z.object({ display_url: z.string().check(z.minLength(1)) }) });

/** POST /images (multipart field `image`): returns the photo's absolute URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const { data } = uploadedSchema.parse(await command('POST', '/images', form));
  return assetUrl(data.display_url, 'command');
}
