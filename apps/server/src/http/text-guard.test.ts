import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unstorableAt } from './text-guard';

describe('text guard', () => {
  describe(unstorableAt.name, () => {
    it('should name the path of the first unstorable string, key or value', () => {
      expect(unstorableAt('a\u0000b')).toBe('');
      expect(unstorableAt({ user: { email: 'a@b.c', passphrase: 'x\ud800' } })).toBe(
        '.user.passphrase',
      );
      expect(unstorableAt({ list: ['ok', { deep: ['fine', '\udfff'] }] })).toBe('.list[1].deep[1]');
      expect(unstorableAt({ outer: { 'bad\u0000key': 1 } })).toBe('.outer');
      expect(unstorableAt({ 'bad\u0000key': 1 })).toBe('');
    });

    it('should find nothing in storable text, numbers, booleans and null', () => {
      expect(unstorableAt({ a: ['é', '𝔘', 1, true, null, { b: [] }] })).toBeUndefined();
      expect(unstorableAt(42)).toBeUndefined();
    });

    it('should walk a value nested a hundred thousand deep without overflowing the stack', () => {
      const depth = 100_000;
      const nested: unknown = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
      expect(unstorableAt(nested)).toBe('[0]'.repeat(depth));
      const clean: unknown = JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
      expect(unstorableAt(clean)).toBeUndefined();
    });
  });

  describe('on a request', () => {
    let sut: TestApp;
    beforeAll(async () => {
      sut = await createTestApp();
    });
    afterAll(() => sut.close());

    it('should answer 400 REQUEST.INVALID_STRING, not 500, to U+0000 nested fifty thousand deep', async () => {
      const depth = 50_000;
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: `{"user":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID_STRING');
    });
  });
});
