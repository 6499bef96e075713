/** Every expected failure: plugins/errors.ts turns it into `{ status: 'error', message, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

// Named failures, so services speak in rules rather than status codes.
export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required. Please log in.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unprocessable = (code: string, message: string) => new AppError(422, code, message);
export const tooManyRequests = (message: string) => new AppError(429, 'TOO_MANY_REQUESTS', message);
export const staleVersion = (thing: string) =>
  conflict('STALE_VERSION', `Someone else changed this ${thing}. Reload it and try again.`);
