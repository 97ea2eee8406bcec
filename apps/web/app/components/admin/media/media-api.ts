import {
  mediaItemResponse,
  mediaLibraryResponse,
  mediaUploadedResponse,
  type MediaDetailsInput,
  type MediaLibraryQuery,
} from '@shop/contracts/media';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The photo library's calls, over the signed-in client `authed` hands out. Back office only. */
export function mediaApi({ call, upload }: ApiClient) {
  return {
    list: (query: MediaLibraryQuery) =>
      call(
        `/admin/media${queryString({ ...query })}`,
        'Failed to fetch photos',
        {},
        mediaLibraryResponse,
      ).then((answer) => answer.data),
    upload: (file: File, onProgress?: (sent: number) => void) =>
      upload(
        '/admin/media',
        'The photo could not be uploaded',
        mediaUploadedResponse,
        file,
        file.name,
        onProgress,
      ),
    updateDetails: (id: string, details: MediaDetailsInput) =>
      call(
        `/admin/media/${encodeURIComponent(id)}`,
        'Failed to save the photo',
        { method: 'PATCH', body: JSON.stringify(details) },
        mediaItemResponse,
      ).then((answer) => answer.data),
  };
}
