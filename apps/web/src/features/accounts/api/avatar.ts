import { AvatarSchema } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const upload = { method: 'POST', path: '/user-avatar/:userId', response: AvatarSchema } as const;
const remove = { method: 'PUT', path: '/user-delete-avatar/:userId', response: AvatarSchema } as const;

/** POST /api/user-avatar/{userId}, multipart field `file`: 413 AVATAR_TOO_LARGE, 415 AVATAR_NOT_IMAGE. Resolves the new URL. */
export async function uploadAvatar(userId: string, image: Blob): Promise<string | null> {
  const body = new FormData();
  body.append('file', image, 'avatar.jpg');
  return (await apiRequest(upload, { params: { userId }, body })).urlImage;
}

/** PUT /api/user-delete-avatar/{userId}. */
export async function deleteAvatar(userId: string): Promise<void> {
  await apiRequest(remove, { params: { userId } });
}
