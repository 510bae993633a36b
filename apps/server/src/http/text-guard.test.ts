import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
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

describe('the text guard', () => {
  it('should answer 400, not overflow, to a body nested 100,000 levels on a portal route', async () => {
    const sut = await createTestApp();
    try {
      const levels = 100_000;
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/authenticate',
        payload: `{"user":${'['.repeat(levels)}"\\u0000"${']'.repeat(levels)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID_STRING');
    } finally {
      await sut.close();
    }
  });
});
