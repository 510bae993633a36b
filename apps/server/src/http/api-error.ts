import type { ErrorCode } from '@linesight/contract';

/** A refusal a route or service means to send: its status, its stable code and its message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra top-level fields the seeds put beside the error (isLockedOut, …). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthenticated = (): ApiError =>
  new ApiError(401, 'AUTH.UNAUTHENTICATED', 'Sign in to continue.');

export const forbidden = (): ApiError =>
  new ApiError(403, 'AUTH.FORBIDDEN', 'Your role may not do this.');
