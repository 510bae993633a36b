import { isStorableText } from '@linesight/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** Whether any string in `value`, key or value, is unstorable: the fast check of every request. */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  for (const key in value) {
    if (!isStorableText(key) || holdsUnstorable((value as Record<string, unknown>)[key])) {
      return true;
    }
  }
  return false;
}

/** Where in `value` the first unstorable string is, for the error; only after `holdsUnstorable`. */
function findUnstorable(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorable(key, path) ?? findUnstorable(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL refuses U+0000 and lone surrogates; left alone they surface as 500s from deep in a
 * query. Every request's params, query and body are checked before any route sees them.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const suspect =
      holdsUnstorable(request.params) ||
      holdsUnstorable(request.query) ||
      holdsUnstorable(request.body);
    if (!suspect) return;
    const found =
      findUnstorable(request.params, 'params') ??
      findUnstorable(request.query, 'query') ??
      findUnstorable(request.body, 'body');
    if (found) {
      throw new ApiError(
        400,
        'REQUEST.INVALID_STRING',
        `${found} contains characters that cannot be stored (U+0000 or a lone surrogate).`,
      );
    }
  });
}
