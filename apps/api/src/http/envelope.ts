/** The brief's answer shape: `{ success, data, message }`. */
export function ok<T>(data: T, message: string) {
  return { success: true as const, data, message };
}

/** An error a service raises on purpose; the error handler turns it into `{ success: false, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
