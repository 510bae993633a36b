import { describe, expect, it } from 'vitest';
import { unstorableAt } from './text-guard';

describe(unstorableAt.name, () => {
  it.each([
    ['a string in an array in an object', { a: [1, { b: 'x\u0000' }] }, '.a[1].b'],
    ['a key, by the object holding it', { a: { ['k\u0000']: 1 } }, '.a'],
    ['the value itself', '\ud800', ''],
    ['arrays in arrays', [['\u0000']], '[0][0]'],
  ])('should name %s', (_case, value, path) => {
    expect(unstorableAt(value)).toBe(path);
  });

  it('should find nothing in storable values', () => {
    expect(unstorableAt({ a: [{}, [], 'ok', null, 1], b: 'fine' })).toBeUndefined();
  });

  it('should walk a value nested 200,000 levels without overflowing the stack', () => {
    let value: unknown = 'x\u0000';
    for (let level = 0; level < 200_000; level++) value = [value];
    expect(unstorableAt(value)).toBe('[0]'.repeat(200_000));
  });
});
