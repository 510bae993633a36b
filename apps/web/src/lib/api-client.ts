import {
  buildHeader,
  type ErrorBody,
  sessionTokenHeader,
  totalResultsHeader,
} from '@linesight/contract';
import type { z } from 'zod';
import { observeBuild } from './build-watcher';
import { getAuthToken, storeAuthToken } from './session';

/** A call that did not succeed: its status, and the code and body the server gave. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiError';
  }
}

type UnauthorizedListener = (status: 401 | 403) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The layout listens here and sends the user to sign-out (seed 000, section 8). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Parses the answer, so a server that drifts from the contract fails loudly here. */
  schema?: z.ZodType<T>;
  /** A 401 here is an answer, not a lost session: sign-in, a wrong current passphrase. */
  expectsUnauthorized?: boolean;
  headers?: Record<string, string>;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, say: the status still tells what happened.
    return undefined;
  }
}

/** A call whose answer's headers matter too (paging headers, say). */
export async function apiResponse<T = void>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getAuthToken();
  if (token) headers[sessionTokenHeader] = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });

  // An answer speaks for the session it was asked in: one arriving after a sign-out or a new
  // sign-in neither brings the old token back nor sends the new session to sign-out. Asked at
  // each use: a sign-out may end the session while the body is still being read.
  const sessionUnchanged = (): boolean => getAuthToken() === token;
  const returnedToken = response.headers.get(sessionTokenHeader);
  if (returnedToken && sessionUnchanged()) storeAuthToken(returnedToken);
  observeBuild(response.headers.get(buildHeader));

  const body = parseJson(await response.text());
  if (!response.ok) {
    const code = (body as Partial<ErrorBody> | undefined)?.error?.code;
    const lostSession =
      (response.status === 401 && !options.expectsUnauthorized) || response.status === 403;
    if (lostSession && sessionUnchanged()) {
      for (const listener of unauthorizedListeners) listener(response.status);
    }
    throw new ApiError(response.status, code, body);
  }
  return {
    data: options.schema ? options.schema.parse(body) : (body as T),
    headers: response.headers,
  };
}

export async function apiRequest<T = void>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  return (await apiResponse(path, options)).data;
}

/**
 * One page of a server-paged list: the rows, and the total the `X-Total-Results` header gives.
 * Query values are sent as strings.
 */
export async function getPage<Row>(
  path: string,
  query: Record<string, string | number | boolean>,
  schema: z.ZodType<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const { data, headers } = await apiResponse(`${path}?${search}`, { schema });
  return { rows: data, total: Number(headers.get(totalResultsHeader) ?? data.length) };
}
