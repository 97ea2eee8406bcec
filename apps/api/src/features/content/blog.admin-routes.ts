import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBlogPageResponse,
  adminBlogQuery,
  adminBlogResponse,
  blogDeletionResponse,
  blogIdParams,
  blogInput,
} from '@shop/contracts/blog-admin';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { BlogAdminService } from './blog-admin.service.ts';

const tags = ['admin'];

/** The back office's journal: list (drafts too), write, edit, publish or unpublish, delete. */
export function blogAdminRoutes(
  service: BlogAdminService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff write the journal as they keep the banners and the catalogue (decision 0049); the
    // role is checked before the path, query or body is read.
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/blog',
      { schema: { tags, querystring: adminBlogQuery, response: { 200: adminBlogPageResponse } } },
      async (request) => ok(await service.list(request.query), 'Posts fetched'),
    );

    app.get(
      '/admin/blog/:id',
      { schema: { tags, params: blogIdParams, response: { 200: adminBlogResponse } } },
      async (request) => ok(await service.detail(request.params.id), 'Post fetched'),
    );

    app.post(
      '/admin/blog',
      { schema: { tags, body: blogInput, response: { 201: adminBlogResponse } } },
      async (request, reply) => {
        const post = await service.create(request.body, callerOf(request));
        return reply
          .status(201)
          .send(ok(post, post.status === 'published' ? 'Post published' : 'Draft saved'));
      },
    );

    app.patch(
      '/admin/blog/:id',
      {
        schema: {
          tags,
          params: blogIdParams,
          body: blogInput,
          response: { 200: adminBlogResponse },
        },
      },
      async (request) => {
        const post = await service.update(request.params.id, request.body, callerOf(request));
        return ok(post, post.status === 'published' ? 'Post saved and published' : 'Draft saved');
      },
    );

    app.delete(
      '/admin/blog/:id',
      { schema: { tags, params: blogIdParams, response: { 200: blogDeletionResponse } } },
      async (request) =>
        ok(await service.remove(request.params.id, callerOf(request)), 'Post deleted'),
    );
  };
}
