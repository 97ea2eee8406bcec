/**
 * Typed failures that services raise on purpose. The API's one error handler maps each kind to an
 * HTTP status and answers `{ success: false, message }` with the message as written here, so the
 * message is what the shopper reads.
 */
export type ShopErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'too-large'
  | 'unsupported-type'
  | 'throttled'
  | 'unavailable';

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
    /** Seconds until trying again makes sense (throttling). */
    readonly retryAfterSeconds?: number,
    /** The form field the failure belongs to (dotted path), so a form can show it there. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

export const invalid = (message: string) => new ShopError('invalid', message);
export const unauthenticated = (message: string) => new ShopError('unauthenticated', message);
export const forbidden = (message: string) => new ShopError('forbidden', message);
export const notFound = (message: string) => new ShopError('not-found', message);
export const conflict = (message: string) => new ShopError('conflict', message);
/** Bad input that belongs to one form field: the answer names the field. */
export const invalidField = (field: string, message: string) =>
  new ShopError('invalid', message, undefined, field);
/** A conflict (e.g. a name already taken) that belongs to one form field. */
export const conflictingField = (field: string, message: string) =>
  new ShopError('conflict', message, undefined, field);
export const throttled = (message: string, retryAfterSeconds: number) =>
  new ShopError('throttled', message, retryAfterSeconds);
/** A body larger than the route takes (413). */
export const tooLarge = (message: string) => new ShopError('too-large', message);
/** A body of a kind the route does not take, told by its content (415). */
export const unsupportedType = (message: string) => new ShopError('unsupported-type', message);
export const unprocessable = (message: string) => new ShopError('unprocessable', message);
export const unavailable = (message: string) => new ShopError('unavailable', message);
