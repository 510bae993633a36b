import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  signedInToken,
  strongPassphrase,
  type TestApp,
  ping,
} from '../../../test/test-app';

describe('user management API', () => {
  let sut: TestApp;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    sut = await createTestApp();
    await createUser(sut, { email: 'root@example.com', role: 'Admin', name: 'Rosa Root' });
    await createUser(sut, { email: 'csr@example.com', role: 'CSR', name: 'Cesar Service' });
    await createUser(sut, {
      email: 'consumer@example.com',
      role: 'Consumer',
      name: 'Connie Consumer',
    });
    const response = await signIn(sut.app, 'root@example.com');
    adminToken = String(response.headers['x-cah-token']);
    adminId = response.json().id;
  });
  afterAll(() => sut.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    sut.app.inject({ method, url, payload, headers: { 'x-cah-token': adminToken } });

  async function createdUser(email: string, name = 'Some One', role?: string) {
    const response = await asAdmin('POST', '/api/user/v1', {
      email,
      name,
      rawPassphrase: 'Garden-Party-42!',
      role,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; email: string; name: string; role: string }>();
  }

  it('GET /api/roles/v1 should list the roles a system user may have', async () => {
    const response = await asAdmin('GET', '/api/roles/v1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['Admin', 'CSR']);
  });

  describe('GET /api/users/v1', () => {
    it('should page staff users by name with x-total-users and x-next-page until none remain', async () => {
      const first = await asAdmin('GET', '/api/users/v1?page=1&pageSize=1');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual([
        { id: expect.any(String), name: 'Cesar Service', email: 'csr@example.com', role: 'CSR' },
      ]);
      expect(first.headers['x-total-users']).toBe('2');
      expect(first.headers['x-next-page']).toBe('2');
      const second = await asAdmin('GET', '/api/users/v1?page=2&pageSize=1');
      expect(second.json().map((user: { email: string }) => user.email)).toEqual([
        'root@example.com',
      ]);
      expect(second.headers['x-next-page']).toBeUndefined();
    });

    it('should refuse a page number that is not one', async () => {
      const response = await asAdmin('GET', '/api/users/v1?page=zero');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID');
    });
  });

  describe('POST /api/user/v1', () => {
    it('should create a CSR by default, able to sign in with the given passphrase', async () => {
      const user = await createdUser('new.csr@example.com', 'Nina New');
      expect(user).toEqual({
        id: expect.any(String),
        email: 'new.csr@example.com',
        name: 'Nina New',
        role: 'CSR',
      });
      expect((await signIn(sut.app, 'new.csr@example.com', 'Garden-Party-42!')).statusCode).toBe(
        200,
      );
    });

    it('should answer 409 USER_MANAGEMENT_EMAIL_IN_USE for an e-mail taken in another letter case, changing nothing', async () => {
      const response = await asAdmin('POST', '/api/user/v1', {
        email: 'CSR@Example.com',
        name: 'Copy Cat',
        rawPassphrase: 'Garden-Party-42!',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('USER_MANAGEMENT_EMAIL_IN_USE');
      const list = await asAdmin('GET', '/api/users/v1');
      expect(list.json().map((user: { name: string }) => user.name)).not.toContain('Copy Cat');
    });

    it.each([
      [
        'a passphrase with the user’s name',
        { email: 'pat@example.com', name: 'Patricia Smith', rawPassphrase: 'Patricia#99x' },
        'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
      ],
      [
        'a short passphrase',
        { email: 'pat@example.com', name: 'Pat', rawPassphrase: 'Ab1!' },
        'USER_MANAGEMENT_MINIMUM_LENGTH',
      ],
      [
        'an invalid e-mail',
        { email: 'pat', name: 'Pat', rawPassphrase: 'Garden-Party-42!' },
        'REQUEST.INVALID',
      ],
      [
        'an empty name',
        { email: 'pat@example.com', name: '  ', rawPassphrase: 'Garden-Party-42!' },
        'REQUEST.INVALID',
      ],
      [
        'a name over 255 characters',
        { email: 'pat@example.com', name: 'x'.repeat(256), rawPassphrase: 'Garden-Party-42!' },
        'REQUEST.INVALID',
      ],
      [
        'an unknown role',
        {
          email: 'pat@example.com',
          name: 'Pat',
          rawPassphrase: 'Garden-Party-42!',
          role: 'Consumer',
        },
        'REQUEST.INVALID',
      ],
    ])('should answer 400 for %s', async (_name, payload, code) => {
      const response = await asAdmin('POST', '/api/user/v1', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe(code);
    });
  });

  describe('PUT /api/user/v1/{id}', () => {
    it('should update name, e-mail and role', async () => {
      const user = await createdUser('editee@example.com', 'Ed Itee');
      const response = await asAdmin('PUT', `/api/user/v1/${user.id}`, {
        email: 'edited@example.com',
        name: 'Ed Ited',
        role: 'Admin',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: user.id,
        email: 'edited@example.com',
        name: 'Ed Ited',
        role: 'Admin',
      });
      expect((await signIn(sut.app, 'edited@example.com', 'Garden-Party-42!')).json().role).toBe(
        'Admin',
      );
    });

    it('should set a new passphrase and end the user’s sessions', async () => {
      const user = await createdUser('reset.by.admin@example.com', 'Reese Admin');
      const session = await signedInToken(sut, 'reset.by.admin@example.com', 'Garden-Party-42!');
      const response = await asAdmin('PUT', `/api/user/v1/${user.id}`, {
        email: user.email,
        name: user.name,
        role: 'CSR',
        rawPassphrase: 'Ocean-Breeze-77!',
      });
      expect(response.statusCode).toBe(200);
      const afterwards = await ping(sut.app, session);
      expect(afterwards.statusCode).toBe(401);
      expect((await signIn(sut.app, user.email, 'Ocean-Breeze-77!')).statusCode).toBe(200);
    });

    it('should refuse an admin’s own passphrase and role changes', async () => {
      const passphrase = await asAdmin('PUT', `/api/user/v1/${adminId}`, {
        email: 'root@example.com',
        name: 'Rosa Root',
        role: 'Admin',
        rawPassphrase: 'Ocean-Breeze-77!',
      });
      expect(passphrase.statusCode).toBe(400);
      expect(passphrase.json().error.code).toBe('USER_MANAGEMENT_SELF_PASSPHRASE');
      const role = await asAdmin('PUT', `/api/user/v1/${adminId}`, {
        email: 'root@example.com',
        name: 'Rosa Root',
        role: 'CSR',
      });
      expect(role.json().error.code).toBe('USER_MANAGEMENT_SELF_ROLE');
      const name = await asAdmin('PUT', `/api/user/v1/${adminId}`, {
        email: 'root@example.com',
        name: 'Rosa Root-Renamed',
        role: 'Admin',
      });
      expect(name.statusCode).toBe(200);
    });

    it('should answer 409 for an e-mail another user has', async () => {
      const user = await createdUser('clash@example.com');
      const response = await asAdmin('PUT', `/api/user/v1/${user.id}`, {
        email: 'CSR@example.com',
        name: 'Clash',
        role: 'CSR',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('USER_MANAGEMENT_EMAIL_IN_USE');
    });

    it('should answer 404 for an unknown id and 400 for an id that is not one', async () => {
      const unknown = await asAdmin('PUT', '/api/user/v1/00000000-0000-4000-8000-000000000000', {
        email: 'x@example.com',
        name: 'X',
        role: 'CSR',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('USER_MANAGEMENT_USER_NOT_FOUND');
      const malformed = await asAdmin('PUT', '/api/user/v1/42', {
        email: 'x@example.com',
        name: 'X',
        role: 'CSR',
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('DELETE /api/user/v1/{id}', () => {
    it('should delete a user and end their sessions', async () => {
      const user = await createdUser('leaver@example.com');
      const session = await signedInToken(sut, 'leaver@example.com', 'Garden-Party-42!');
      expect((await asAdmin('DELETE', `/api/user/v1/${user.id}`)).statusCode).toBe(204);
      const afterwards = await ping(sut.app, session);
      expect(afterwards.statusCode).toBe(401);
      expect((await asAdmin('DELETE', `/api/user/v1/${user.id}`)).statusCode).toBe(404);
    });

    it('should refuse to delete oneself', async () => {
      const response = await asAdmin('DELETE', `/api/user/v1/${adminId}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('USER_MANAGEMENT_SELF_DELETE');
    });
  });

  describe('the last admin', () => {
    it('should never be demoted or deleted, even by two admins at once', async () => {
      const fresh = await createTestApp();
      await createUser(fresh, { email: 'one@example.com', role: 'Admin' });
      await createUser(fresh, { email: 'two@example.com', role: 'Admin' });
      const one = await signIn(fresh.app, 'one@example.com');
      const two = await signIn(fresh.app, 'two@example.com');
      const [first, second] = await Promise.all([
        fresh.app.inject({
          method: 'DELETE',
          url: `/api/user/v1/${two.json().id}`,
          headers: { 'x-cah-token': String(one.headers['x-cah-token']) },
        }),
        fresh.app.inject({
          method: 'DELETE',
          url: `/api/user/v1/${one.json().id}`,
          headers: { 'x-cah-token': String(two.headers['x-cah-token']) },
        }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0]).toBe(204);
      expect([401, 409]).toContain(statuses[1]);
      const survivors = await Promise.all(
        ['one@example.com', 'two@example.com'].map((email) => signIn(fresh.app, email)),
      );
      expect(survivors.filter((response) => response.statusCode === 200)).toHaveLength(1);
      await fresh.close();
    });

    it('should never be demoted away when two admins demote each other at once', async () => {
      const fresh = await createTestApp();
      await createUser(fresh, { email: 'left@example.com', role: 'Admin', name: 'Left' });
      await createUser(fresh, { email: 'right@example.com', role: 'Admin', name: 'Right' });
      const left = await signIn(fresh.app, 'left@example.com');
      const right = await signIn(fresh.app, 'right@example.com');
      const demote = (by: typeof left, target: typeof left, email: string, name: string) =>
        fresh.app.inject({
          method: 'PUT',
          url: `/api/user/v1/${target.json().id}`,
          payload: { email, name, role: 'CSR' },
          headers: { 'x-cah-token': String(by.headers['x-cah-token']) },
        });
      const outcomes = await Promise.all([
        demote(left, right, 'right@example.com', 'Right'),
        demote(right, left, 'left@example.com', 'Left'),
      ]);
      const statuses = outcomes.map((response) => response.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const roles = await Promise.all(
        ['left@example.com', 'right@example.com'].map(
          async (email) => (await signIn(fresh.app, email)).json().role,
        ),
      );
      expect(roles.sort()).toEqual(['Admin', 'CSR']);
      await fresh.close();
    });
  });

  describe('who may call', () => {
    it.each([
      ['GET', '/api/roles/v1'],
      ['GET', '/api/users/v1'],
      ['POST', '/api/user/v1'],
      ['PUT', '/api/user/v1/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/user/v1/00000000-0000-4000-8000-000000000000'],
    ] as const)(
      'should answer %s %s with 403 for a CSR and 401 for nobody',
      async (method, url) => {
        const csrToken = await signedInToken(sut, 'csr@example.com', strongPassphrase);
        const asCsr = await sut.app.inject({
          method,
          url,
          payload: {},
          headers: { 'x-cah-token': csrToken },
        });
        expect(asCsr.statusCode).toBe(403);
        expect(asCsr.json().error.code).toBe('AUTH.FORBIDDEN');
        const anonymous = await sut.app.inject({ method, url, payload: {} });
        expect(anonymous.statusCode).toBe(401);
      },
    );

    it('should answer 403 to a user who must change their passphrase first', async () => {
      await createUser(sut, {
        email: 'pending@example.com',
        role: 'Admin',
        mustChangePassphrase: true,
      });
      const token = await signedInToken(sut, 'pending@example.com');
      const response = await sut.app.inject({
        method: 'GET',
        url: '/api/users/v1',
        headers: { 'x-cah-token': token },
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
