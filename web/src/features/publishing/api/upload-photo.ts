import { mutationOptions, useMutation } from '@tanstack/react-query';
import { type ApiInput, apiCall } from '@/lib/api-client';
import { postForm, shrinkPhoto } from '../upload';

/** createUpload: a presigned POST to the photo storage, for one photo of that type and size. */
export const createUpload = (body: ApiInput<'createUpload'>['body']) => apiCall('createUpload', { body });

export interface UploadPhotoVariables {
  file: File;
  onProgress: (fraction: number) => void;
}

/** Shrinks, asks the API for a presigned POST and uploads; resolves the upload's key. */
export async function uploadPhoto({ file, onProgress }: UploadPhotoVariables): Promise<string> {
  const blob = await shrinkPhoto(file);
  const contentType = blob.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
  const { url, fields, key } = await createUpload({ content_type: contentType, size: blob.size });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // S3 requires the file to be the form's last field.
  form.append('file', blob, contentType === 'image/webp' ? 'foto.webp' : 'foto.jpg');
  await postForm(url, form, onProgress);
  onProgress(1);
  return key;
}

/** An upload is not a listing yet: no query is invalidated. Several photos may upload at once. */
export const uploadPhotoMutationOptions = () => mutationOptions({ mutationFn: uploadPhoto });

export const useUploadPhoto = () => useMutation(uploadPhotoMutationOptions());
