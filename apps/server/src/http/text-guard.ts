import { isStorableText } from '@linesight/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/**
 * Where in `value` the first unstorable string is, as the path below `value` (`.name`, `[2]`,
 * or '' for `value` itself or an unstorable key of it), or undefined when there is none. The
 * path is put together only on the way back from a find, so a clean request builds no strings.
 */
export function unstorableAt(value: unknown): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : '';
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unstorableAt(value[index]);
      if (found !== undefined) return `[${index}]${found}`;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!isStorableText(key)) return '';
    const found = unstorableAt((value as Record<string, unknown>)[key]);
    if (found !== undefined) return `.${key}${found}`;
  }
  return undefined;
}

/** The first unstorable string of a request's parts, named by part and path. */
function findUnstorable(parts: Record<string, unknown>): string | undefined {
  for (const [part, value] of Object.entries(parts)) {
    const found = unstorableAt(value);
    if (found !== undefined) return `${part}${found}`;
  }
  return undefined;
}

/**
 * PostgreSQL refuses U+0000 and lone surrogates; left alone they surface as 500s from deep in a
 * query. Every request's params, query and body are checked before any route sees them.
 *
 * A JSON body whose text holds no `\u` is not walked: JSON can carry U+0000 or a lone surrogate
 * only as a `\u` escape (raw control characters are not JSON, and bytes that are not UTF-8 are
 * read as U+FFFD). The JSON parser is Fastify's own, with its prototype-poisoning checks; it
 * only notes such bodies. A report's 500 keys and strings made the walk 3% of the collector's CPU.
 */
export function registerTextGuard(app: FastifyInstance): void {
  const bodiesWithoutEscapes = new WeakSet<FastifyRequest>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (!text.includes('\\u')) bodiesWithoutEscapes.add(request);
    void parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    const found = findUnstorable({
      params: request.params,
      query: request.query,
      body: bodiesWithoutEscapes.has(request) ? undefined : request.body,
    });
    if (found) {
      throw new ApiError(
        400,
        'REQUEST.INVALID_STRING',
        `${found} contains characters that cannot be stored (U+0000 or a lone surrogate).`,
      );
    }
  });
}
