import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { callerOf, type AuthGuards } from './authenticate.ts';
import { ok } from './envelope.ts';

/** The app a route plugin registers on, with zod schemas typing each request and answer. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Who makes a change, as the guards found them. */
type Caller = ReturnType<typeof callerOf>;

/** An answer's schema: `{ success, data, message }` around the data of type `Data`. */
type AnswerSchema<Data> = z.ZodMiniType<{ success: true; data: Data; message: string }>;

/** A record's path parameter. */
export const idParams = z.object({ id: z.string() });

/** What one kind of back-office record offers its routes, and the words each answer carries. */
export interface AdminRecords<Query extends z.ZodMiniType, Form extends z.ZodMiniType, Page, Row> {
  /** The list's path, e.g. `/admin/offers`; a record's is `<path>/:id`. */
  path: `/admin/${string}`;
  schemas: { query: Query; form: Form; page: AnswerSchema<Page>; record: AnswerSchema<Row> };
  service: {
    list(query: z.output<Query>): Promise<Page>;
    detail(id: string): Promise<Row>;
    create(actor: Caller, form: z.output<Form>): Promise<Row>;
    update(actor: Caller, id: string, form: z.output<Form>): Promise<Row>;
  };
  /** The answers' messages, e.g. 'Offers fetched', 'Offer fetched', 'Offer created', 'Offer saved'. */
  words: { listed: string; fetched: string; created: string; saved: string };
}

/**
 * The routes every kind of back-office record has, on the rule they share: staff read (the list
 * of a query's page, one record), owners write (create answers 201, an edit sends the whole form
 * again). Both roles are checked before the path, query or body is read. Answers the owners'
 * guard, for the kind's own actions (end an offer, switch a code off).
 *
 * The provider cannot resolve a generic schema's type inside this function, so the query and
 * body are named as their schemas' output here; each caller's schemas and service are checked
 * against each other where it calls.
 */
export function adminRecordRoutes<
  Query extends z.ZodMiniType,
  Form extends z.ZodMiniType,
  Page,
  Row,
>(
  app: ZodApp,
  guards: AuthGuards,
  { path, schemas, service, words }: AdminRecords<Query, Form, Page, Row>,
) {
  const tags = ['admin'];
  app.addHook('onRequest', guards.requireRole('staff'));
  const ownerOnly = guards.requireRole('owner');

  app.get(
    path,
    { schema: { tags, querystring: schemas.query, response: { 200: schemas.page } } },
    async (request) => ok(await service.list(request.query as z.output<Query>), words.listed),
  );

  app.get(
    `${path}/:id`,
    { schema: { tags, params: idParams, response: { 200: schemas.record } } },
    async (request) => ok(await service.detail(request.params.id), words.fetched),
  );

  app.post(
    path,
    {
      onRequest: ownerOnly,
      schema: { tags, body: schemas.form, response: { 201: schemas.record } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await service.create(callerOf(request), request.body as z.output<Form>),
            words.created,
          ),
        ),
  );

  app.patch(
    `${path}/:id`,
    {
      onRequest: ownerOnly,
      schema: { tags, params: idParams, body: schemas.form, response: { 200: schemas.record } },
    },
    async (request) =>
      ok(
        await service.update(callerOf(request), request.params.id, request.body as z.output<Form>),
        words.saved,
      ),
  );

  return { ownerOnly, tags };
}
