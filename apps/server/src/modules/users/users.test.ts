import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { generatePassphrase } from './users.service';

describe('UsersService', () => {
  let sut: TestApp;
  beforeEach(async () => {
    sut = await createTestApp();
  });
  afterEach(() => sut.close());

  describe('ensureInitialAdmin', () => {
    it('should create the configured admin on a first start, able to sign in', async () => {
      const result = await sut.app.services.users.ensureInitialAdmin({
        email: 'boss@example.com',
        passphrase: 'Very-Secure-9',
      });
      expect(result).toEqual({ outcome: 'configured', email: 'boss@example.com' });
      const response = await signIn(sut.app, 'boss@example.com', 'Very-Secure-9');
      expect(response.statusCode).toBe(200);
      expect(response.json().role).toBe('Admin');
    });

    it('should generate an admin that must change its passphrase when none is configured', async () => {
      const result = await sut.app.services.users.ensureInitialAdmin(undefined);
      if (result.outcome !== 'generated')
        throw new Error(`expected a generated admin, got ${result.outcome}`);
      const response = await signIn(sut.app, result.email, result.passphrase);
      expect(response.statusCode).toBe(200);
      expect(response.json().role).toBe('MustChangePassphrase');
    });

    it('should do nothing once users exist', async () => {
      await sut.app.services.users.ensureInitialAdmin({
        email: 'boss@example.com',
        passphrase: 'Very-Secure-9',
      });
      const again = await sut.app.services.users.ensureInitialAdmin({
        email: 'other@example.com',
        passphrase: 'Very-Secure-9',
      });
      expect(again).toEqual({ outcome: 'existing-users' });
      expect((await signIn(sut.app, 'other@example.com', 'Very-Secure-9')).statusCode).toBe(401);
    });
  });
});

describe(generatePassphrase.name, () => {
  it('should give 24 characters with an upper, a lower, a digit and a special character, never twice the same', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const passphrase = generatePassphrase();
      expect(passphrase).toHaveLength(24);
      expect(passphrase).toMatch(/[A-Z]/);
      expect(passphrase).toMatch(/[a-z]/);
      expect(passphrase).toMatch(/[0-9]/);
      expect(passphrase).toMatch(/[^A-Za-z0-9]/);
      seen.add(passphrase);
    }
    expect(seen.size).toBe(200);
  });
});
