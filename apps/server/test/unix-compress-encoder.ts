/**
 * An encoder for Unix `compress` (`.Z`), for tests of the collector's decoder: LZW codes of 9 to
 * `maxBits` bits, least significant bit first, written in groups of eight codes that are padded
 * out whenever the code width grows or a CLEAR code is written, as compress(1) writes them.
 * `clearWhenFull` writes a CLEAR when the table is full (compress does when its ratio drops).
 */
export function unixCompress(input: Buffer, maxBits = 16, clearWhenFull = false): Buffer {
  const out: number[] = [0x1f, 0x9d, 0x80 | maxBits];
  const clearCode = 256;
  let bits = 9;
  let maxCode = (1 << bits) - 1;
  let freeEntry = clearCode + 1;
  let group: number[] = [];
  let bitInGroup = 0;
  const flushGroup = (whole: boolean): void => {
    const used = whole ? bits : Math.ceil(bitInGroup / 8);
    if (bitInGroup > 0)
      out.push(
        ...group.slice(0, used),
        ...new Array<number>(used - Math.min(used, group.length)).fill(0),
      );
    group = [];
    bitInGroup = 0;
  };
  const writeCode = (code: number, clearing = false): void => {
    for (let bit = 0; bit < bits; bit++, bitInGroup++) {
      const byte = bitInGroup >> 3;
      group[byte] = (group[byte] ?? 0) | (((code >> bit) & 1) << (bitInGroup & 7));
    }
    if (bitInGroup === bits * 8) flushGroup(true);
    if (clearing) {
      flushGroup(true);
      bits = 9;
      maxCode = (1 << bits) - 1;
    } else if (freeEntry > maxCode && bits < maxBits) {
      flushGroup(true);
      bits++;
      maxCode = bits === maxBits ? 1 << maxBits : (1 << bits) - 1;
    }
  };
  if (input.length === 0) return Buffer.from(out);
  const table = new Map<number, number>();
  let prefix = input[0] ?? 0;
  for (let at = 1; at < input.length; at++) {
    const char = input[at] ?? 0;
    const key = prefix * 256 + char;
    const known = table.get(key);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    writeCode(prefix);
    prefix = char;
    if (freeEntry < 1 << maxBits) {
      table.set(key, freeEntry++);
    } else if (clearWhenFull) {
      table.clear();
      freeEntry = clearCode + 1;
      writeCode(clearCode, true);
    }
  }
  writeCode(prefix);
  flushGroup(false);
  return Buffer.from(out);
}
