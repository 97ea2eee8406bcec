import type { FastifyReply, FastifyRequest } from 'fastify';

/** Every API answer's shape: `{ success, data, message }`. */
export function ok<T>(data: T, message: string) {
  return { success: true as const, data, message };
}

/**
 * An answer's data with its JSON text, made from parts serialized once and kept (catalogue
 * documents): the route sends the text as is instead of serializing the value again.
 */
export interface Serialized<T> {
  value: T;
  json: string;
}

/** Sends `{ success: true, data, message }` with `data` already JSON text. */
export function sendOk(reply: FastifyReply, data: Serialized<unknown>, message: string) {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"success":true,"data":${data.json},"message":${JSON.stringify(message)}}`);
}

/**
 * The error answer: `{ success: false, message, requestId }`. The request id is the one in the
 * `x-request-id` header and in the request's log lines, so a shopper's complaint can be found.
 */
export function failure(request: FastifyRequest, message: string, field?: string) {
  return {
    success: false as const,
    message,
    requestId: request.id,
    // The form field a refusal belongs to, when it belongs to one.
    ...(field === undefined ? {} : { field }),
  };
}
