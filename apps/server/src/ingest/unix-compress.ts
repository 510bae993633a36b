/**
 * A decoder for Unix `compress` (`.Z`, HTTP's `Content-Encoding: compress`), which TR-181's
 * `HTTP.Compression` `Compress` names: LZW with 9- to 16-bit codes, least significant bit first.
 *
 * Its one quirk is compress's own: it reads codes in groups of eight (a group of n-bit codes is
 * n bytes), and when the code width grows or a CLEAR code comes, the rest of the group is
 * padding. The decoder works group by group, so it takes its input a chunk at a time.
 *
 * LZW can expand a few bytes into megabytes, so the decoder counts what it writes and fails
 * with `tooLarge()` past `maxBytes`, before it writes more.
 */

import { Transform, type TransformCallback } from 'node:stream';

const magic = [0x1f, 0x9d] as const;
const clearCode = 256;
const initialBits = 9;
const outputChunkBytes = 64 * 1024;

export class CompressFormatError extends Error {}

export interface UnixCompressOptions {
  maxBytes: number;
  tooLarge: () => Error;
}

export function createUncompress(options: UnixCompressOptions): Transform {
  let header: Buffer | null = Buffer.alloc(0);
  let pending = Buffer.alloc(0);
  let maxBits = 16;
  let blockMode = true;
  let bits = initialBits;
  let freeEntry = 0;
  let previous = -1;
  let finalChar = 0;
  const prefix = new Uint16Array(1 << 16);
  const suffix = new Uint8Array(1 << 16);
  const stack = new Uint8Array(1 << 16);
  let output = Buffer.allocUnsafe(outputChunkBytes);
  let outputLength = 0;
  let written = 0;

  const maxCode = (): number => (bits === maxBits ? 1 << maxBits : (1 << bits) - 1);

  function emit(stream: Transform, from: number): void {
    for (let at = from; at < stack.length; at++) {
      if (outputLength === output.length) flushOutput(stream);
      output[outputLength++] = stack[at] ?? 0;
    }
  }

  function flushOutput(stream: Transform): void {
    if (outputLength === 0) return;
    written += outputLength;
    if (written > options.maxBytes) throw options.tooLarge();
    stream.push(output.subarray(0, outputLength));
    output = Buffer.allocUnsafe(outputChunkBytes);
    outputLength = 0;
  }

  /** Decodes one code; true when the rest of its group is padding (width grew, or CLEAR). */
  function decode(stream: Transform, code: number): boolean {
    if (previous === -1) {
      if (code >= clearCode) throw new CompressFormatError('first code is not a byte');
      previous = code;
      finalChar = code;
      stack[stack.length - 1] = code;
      emit(stream, stack.length - 1);
      return false;
    }
    if (code === clearCode && blockMode) {
      freeEntry = clearCode;
      bits = initialBits;
      return true;
    }
    let top = stack.length;
    let current = code;
    if (current >= freeEntry) {
      if (current > freeEntry) throw new CompressFormatError('code past the table');
      stack[--top] = finalChar;
      current = previous;
    }
    while (current >= 256) {
      if (top === 0) throw new CompressFormatError('string longer than the table');
      stack[--top] = suffix[current] ?? 0;
      current = prefix[current] ?? 0;
    }
    finalChar = current;
    stack[--top] = current;
    emit(stream, top);
    if (freeEntry < 1 << maxBits) {
      prefix[freeEntry] = previous;
      suffix[freeEntry] = finalChar;
      freeEntry++;
    }
    previous = code;
    if (freeEntry > maxCode() && bits < maxBits) {
      bits++;
      return true;
    }
    return false;
  }

  /** Decodes the whole groups of `data` (all of it when `final`); answers the bytes used. */
  function decodeGroups(stream: Transform, data: Buffer, final: boolean): number {
    let at = 0;
    while (at < data.length && (final || data.length - at >= bits)) {
      const groupBits = Math.min(bits, data.length - at) * 8;
      const groupStart = at;
      const width = bits;
      at += Math.min(bits, data.length - at);
      for (let bit = 0; bit + width <= groupBits; bit += width) {
        const byte = groupStart + (bit >> 3);
        const word =
          (data[byte] ?? 0) | ((data[byte + 1] ?? 0) << 8) | ((data[byte + 2] ?? 0) << 16);
        if (decode(stream, (word >> (bit & 7)) & ((1 << width) - 1))) break;
      }
    }
    return at;
  }

  /** Takes the three header bytes off the front; the rest of the chunk is codes. */
  function withoutHeader(chunk: Buffer): Buffer | null {
    if (header === null) return chunk;
    const joined = Buffer.concat([header, chunk]);
    if (joined.length < 3) {
      header = joined;
      return null;
    }
    const flags = joined[2] ?? 0;
    if (joined[0] !== magic[0] || joined[1] !== magic[1] || (flags & 0x60) !== 0) {
      throw new CompressFormatError('not compress data');
    }
    maxBits = flags & 0x1f;
    if (maxBits < initialBits || maxBits > 16) throw new CompressFormatError('bad code width');
    blockMode = (flags & 0x80) !== 0;
    freeEntry = blockMode ? clearCode + 1 : clearCode;
    header = null;
    return joined.subarray(3);
  }

  function run(
    stream: Transform,
    chunk: Buffer,
    final: boolean,
    callback: TransformCallback,
  ): void {
    try {
      const codes = withoutHeader(chunk);
      if (codes === null) {
        if (final) throw new CompressFormatError('no header');
        callback();
        return;
      }
      const data = pending.length > 0 ? Buffer.concat([pending, codes]) : codes;
      pending = Buffer.from(data.subarray(decodeGroups(stream, data, final)));
      if (final) flushOutput(stream);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      run(this, chunk, false, callback);
    },
    flush(callback) {
      run(this, Buffer.alloc(0), true, callback);
    },
  });
}
