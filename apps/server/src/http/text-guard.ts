import { isStorableText } from '@linesight/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** A container being walked, and the position of the child last taken from it. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  /** The object's keys; undefined for an array. */
  keys: string[] | undefined;
  next: number;
}

function frameOf(container: object): Frame {
  return Array.isArray(container)
    ? { container, keys: undefined, next: 0 }
    : { container: container as Record<string, unknown>, keys: Object.keys(container), next: 0 };
}

/** The path of the children last taken from `frames`, the last frame's left out when `upTo`. */
function pathOf(frames: readonly Frame[], upTo = frames.length): string {
  return frames
    .slice(0, upTo)
    .map(({ keys, next }) => (keys ? `.${keys[next - 1]}` : `[${next - 1}]`))
    .join('');
}

/**
 * Where in `value` the first unstorable string is, as the path below `value` (`.name`, `[2]`,
 * or '' for `value` itself or an unstorable key of it), or undefined when there is none. The
 * path is put together only once found, so a clean request builds no strings. The walk keeps
 * its own stack: a body nested a hundred thousand deep must not overflow the call stack (a 500).
 */
export function unstorableAt(value: unknown): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : '';
  if (typeof value !== 'object' || value === null) return undefined;
  const frames: Frame[] = [frameOf(value)];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    const { container, keys } = frame;
    const size = keys ? keys.length : (container as unknown[]).length;
    if (frame.next >= size) {
      frames.pop();
      continue;
    }
    const key = keys?.[frame.next];
    frame.next++;
    if (key !== undefined && !isStorableText(key)) return pathOf(frames, frames.length - 1);
    const child =
      key === undefined
        ? (container as unknown[])[frame.next - 1]
        : (container as Record<string, unknown>)[key];
    if (typeof child === 'string') {
      if (!isStorableText(child)) return pathOf(frames);
    } else if (typeof child === 'object' && child !== null) {
      frames.push(frameOf(child));
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
