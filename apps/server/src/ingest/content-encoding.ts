/**
 * The body codings of TR-181's `HTTP.Compression`: `GZIP` (`Content-Encoding: gzip`), `Deflate`
 * (`deflate`: zlib-wrapped per RFC 9110, though many clients send raw deflate, so both are
 * read), `Compress` (`compress`, Unix LZW) and `None` (no header, or `identity`).
 *
 * The body limit counts bytes after decoding (Fastify counts what the returned stream gives,
 * and each decoder here stops past the limit too), so a small bomb cannot make a large body.
 * A stream that does not decode is a 400 REPORT.MALFORMED, never a 5xx; a coding not listed
 * here is a 415.
 */

import { type Readable, Transform } from 'node:stream';
import { createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { ApiError } from '../http/api-error';
import { createUncompress } from './unix-compress';

const contentEncodings = ['gzip', 'deflate', 'compress'] as const;
type ContentEncoding = (typeof contentEncodings)[number];

/** The codings read, as an `Accept-Encoding` header names them (RFC 7694). */
export const acceptedEncodings = contentEncodings.join(', ');

/** HTTP's old names (RFC 9110 section 8.4.1.3) are the same codings. */
const aliases = new Map<string, ContentEncoding>([
  ['x-gzip', 'gzip'],
  ['x-compress', 'compress'],
]);

const tooLarge = (): ApiError =>
  new ApiError(413, 'REQUEST.TOO_LARGE', 'The request body is too large.');

/** A zlib stream starts with CMF (deflate, window ≤ 32 KiB) and FLG, together a multiple of 31. */
function isZlibHeader(first: number, second: number): boolean {
  return (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;
}

/** Inflates zlib-wrapped or raw deflate, whichever the first two bytes say. */
function createDeflateDecoder(): Transform {
  let start = Buffer.alloc(0);
  let inflate: Transform | undefined;
  // A stream's final block can come before the body's last byte: zlib ends there, and waiting
  // for an 'end' it has already sent held the request open for good.
  let inflateEnded = false;
  const decoder = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inflate) {
        inflate.write(chunk, () => callback());
        return;
      }
      start = Buffer.concat([start, chunk]);
      if (start.length < 2) {
        callback();
        return;
      }
      inflate = isZlibHeader(start[0] ?? 0, start[1] ?? 0) ? createInflate() : createInflateRaw();
      inflate.on('data', (data: Buffer) => decoder.push(data));
      inflate.once('end', () => {
        inflateEnded = true;
      });
      inflate.on('error', (error) => decoder.destroy(error));
      inflate.write(start, () => callback());
    },
    flush(callback) {
      if (!inflate) {
        callback(new Error('a deflate stream of fewer than two bytes'));
        return;
      }
      if (inflateEnded) {
        callback();
        return;
      }
      inflate.once('end', () => callback());
      inflate.end();
    },
    destroy(error, callback) {
      inflate?.destroy();
      callback(error);
    },
  });
  return decoder;
}

function createDecoder(encoding: ContentEncoding, maxBytes: number): Transform {
  switch (encoding) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createDeflateDecoder();
    case 'compress':
      return createUncompress({ maxBytes, tooLarge });
  }
}

/**
 * The body as the route's parser should read it: `payload` itself when it is not encoded, else
 * the decoded stream. Throws 415 for a coding the collector does not know (RFC 9110: an agent
 * that gets it may send the body again uncompressed, as some Bulk Data agents do).
 */
export function decodedBody(
  payload: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Readable {
  const name = contentEncoding?.trim().toLowerCase() ?? 'identity';
  if (name === 'identity' || name === '') return payload;
  const encoding = aliases.get(name) ?? contentEncodings.find((known) => known === name);
  if (!encoding) {
    throw new ApiError(
      415,
      'REPORT.UNSUPPORTED_ENCODING',
      `Content-Encoding must be ${acceptedEncodings} or identity (HTTP.Compression GZIP, ` +
        'Deflate, Compress or None).',
    );
  }
  const decoder = createDecoder(encoding, maxBytes);
  let decodedBytes = 0;
  const body = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        decodedBytes += chunk.length;
        if (decodedBytes > maxBytes) callback(tooLarge());
        else callback(null, chunk);
      },
    }),
    // Fastify compares the bytes received with Content-Length, which counts them encoded.
    { receivedEncodedLength: 0 },
  );
  payload.on('data', (chunk: Buffer) => (body.receivedEncodedLength += chunk.length));
  decoder.on('error', (error) =>
    body.destroy(
      error instanceof ApiError
        ? error
        : new ApiError(400, 'REPORT.MALFORMED', `The body is not valid ${encoding} data.`),
    ),
  );
  body.on('error', () => decoder.destroy());
  return payload.pipe(decoder).pipe(body);
}
