import { apiRequest } from '../../../lib/api';

export interface UploadPictureReply {
  success: true;
  message: string;
  data: { imageUrl: string; thumbnailUrl: string; originalImageUrl: string };
}

/** Multipart upload; the server expects the file under the field name `image`. */
export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest<UploadPictureReply>('/user/upload-profile-picture', {
    method: 'POST',
    formData: form,
    timeoutMs: 60_000,
  });
}
