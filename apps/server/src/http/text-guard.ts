import { isStorableText } from '@linesight/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** A container being walked: its entries' names (an array's are its indexes) and the next one. */
interface Frame {
  container: Record<string | number, unknown>;
  /** An object's keys (an array's entries go by index). */
  keys: string[];
  length: number;
  next: number;
  isArray: boolean;
}

function frameOf(container: object): Frame {
  const isArray = Array.isArray(container);
  const keys = isArray ? [] : Object.keys(container);
  return {
    container: container as Record<string | number, unknown>,
    keys,
    length: isArray ? container.length : keys.length,
    next: 0,
    isArray,
  };
}

/** The path through the entry each frame is at (the one last taken): `.name` or `[2]`. */
function pathOf(frames: Frame[]): string {
  return frames
    .map((frame) => {
      const at = frame.next - 1;
      return frame.isArray ? `[${at}]` : `.${frame.keys[at] ?? ''}`;
    })
    .join('');
}

/**
 * Where in `value` the first unstorable string is, as the path below `value` (`.name`, `[2]`,
 * or '' for `value` itself or an unstorable key of it), or undefined when there is none. The
 * path is put together only once found, so a clean request builds no strings. The walk keeps
 * its own stack: a request nested a hundred thousand deep must not overflow the call stack.
 */
export function unstorableAt(value: unknown): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : '';
  if (typeof value !== 'object' || value === null) return undefined;
  const frames: Frame[] = [frameOf(value)];
  for (let frame = frames.at(-1); frame; frame = frames.at(-1)) {
    if (frame.next >= frame.length) {
      frames.pop();
      continue;
    }
    const at = frame.next++;
    const key = frame.isArray ? at : (frame.keys[at] ?? '');
    // An unstorable key is named by the path of the object holding it.
    if (typeof key === 'string' && !isStorableText(key)) return pathOf(frames.slice(0, -1));
    const entry = frame.container[key];
    if (typeof entry === 'string') {
      if (!isStorableText(entry)) return pathOf(frames);
    } else if (typeof entry === 'object' && entry !== null) {
      frames.push(frameOf(entry));
    }
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
