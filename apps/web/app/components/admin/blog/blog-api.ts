import {
  adminBlogPageResponse,
  adminBlogResponse,
  blogDeletionResponse,
  type AdminBlogQuery,
  type BlogInput,
} from '@shop/contracts/blog-admin';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The journal screens' calls, over the signed-in client `authed` hands out. Back office only. */
export function blogApi({ call }: ApiClient) {
  const path = (id: string) => `/admin/blog/${encodeURIComponent(id)}`;
  return {
    list: (query: AdminBlogQuery) =>
      call(
        `/admin/blog${queryString({ ...query })}`,
        'Failed to fetch the posts',
        {},
        adminBlogPageResponse,
      ).then((answer) => answer.data),
    detail: (id: string) =>
      call(path(id), 'Failed to fetch the post', {}, adminBlogResponse).then(
        (answer) => answer.data,
      ),
    create: (input: BlogInput) =>
      call(
        '/admin/blog',
        'Failed to save the post',
        { method: 'POST', body: JSON.stringify(input) },
        adminBlogResponse,
      ),
    update: (id: string, input: BlogInput) =>
      call(
        path(id),
        'Failed to save the post',
        { method: 'PATCH', body: JSON.stringify(input) },
        adminBlogResponse,
      ),
    remove: (id: string) =>
      call(path(id), 'Failed to delete the post', { method: 'DELETE' }, blogDeletionResponse),
  };
}
