import { randomInt } from 'node:crypto';
import {
  type CreateUserRequest,
  defaultSystemUserRole,
  type SystemUser,
  type SystemUserRole,
  type UpdateUserRequest,
} from '@linesight/contract';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
import type { AuthContext } from '../../http/access';
import type { AuthRepository } from '../auth/auth.repository';
import type { PassphraseHasher } from '../auth/passphrase-hasher';
import { assertPassphrasePolicy } from '../passphrase/passphrase.service';
import type { AdminGuardedOutcome, UserRecord, UsersRepository } from './users.repository';

export const generatedAdminEmail = 'admin@linesight.local';

export type InitialAdmin =
  | { outcome: 'existing-users' }
  | { outcome: 'configured'; email: string }
  | { outcome: 'generated'; email: string; passphrase: string };

const passphraseAlphabets = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  '!#%+-=?@^_~',
] as const;

/** 24 random characters with every class the passphrase policy asks for. */
export function generatePassphrase(): string {
  const all = passphraseAlphabets.join('');
  const pick = (alphabet: string): string => alphabet[randomInt(alphabet.length)] ?? '';
  const characters = passphraseAlphabets.map(pick);
  while (characters.length < 24) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  return characters.join('');
}

export function toSystemUser(user: UserRecord): SystemUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role as SystemUserRole };
}

export interface UsersPage {
  users: SystemUser[];
  total: number;
  nextPage: number | undefined;
}

function refuse(outcome: Exclude<AdminGuardedOutcome, 'done'>): ApiError {
  switch (outcome) {
    case 'not-found':
      return new ApiError(404, 'USER_MANAGEMENT_USER_NOT_FOUND', 'No such user.');
    case 'last-admin':
      return new ApiError(
        409,
        'USER_MANAGEMENT_LAST_ADMIN',
        'The last administrator cannot be removed or demoted.',
      );
    case 'email-in-use':
      return new ApiError(
        409,
        'USER_MANAGEMENT_EMAIL_IN_USE',
        'Another user already has this e-mail address.',
      );
  }
}

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly hasher: PassphraseHasher,
    private readonly clock: Clock,
  ) {}

  /**
   * On a first start with no users, creates the configured admin; without one configured, an
   * admin with a generated passphrase that must be changed at first sign-in. There are no fixed
   * default credentials.
   */
  async ensureInitialAdmin(
    configured: { email: string; passphrase: string } | undefined,
  ): Promise<InitialAdmin> {
    if ((await this.users.count()) > 0) return { outcome: 'existing-users' };
    const email = configured?.email ?? generatedAdminEmail;
    const passphrase = configured?.passphrase ?? generatePassphrase();
    const inserted = await this.users.insertIfEmailFree({
      email,
      name: 'Administrator',
      role: 'Admin',
      passphraseHash: await this.hasher.hash(passphrase),
      mustChangePassphrase: configured === undefined,
    });
    if (!inserted) return { outcome: 'existing-users' };
    return configured
      ? { outcome: 'configured', email }
      : { outcome: 'generated', email, passphrase };
  }

  async listPage(page: number, pageSize: number): Promise<UsersPage> {
    const { rows, total } = await this.users.listSystemUsers((page - 1) * pageSize, pageSize);
    return {
      users: rows.map(toSystemUser),
      total,
      nextPage: page * pageSize < total ? page + 1 : undefined,
    };
  }

  async create(request: CreateUserRequest): Promise<SystemUser> {
    assertPassphrasePolicy(request.rawPassphrase, request);
    const now = this.clock.now();
    const created = await this.users.insert({
      email: request.email,
      name: request.name,
      role: request.role ?? defaultSystemUserRole,
      passphraseHash: await this.hasher.hash(request.rawPassphrase),
      createdAt: now,
      updatedAt: now,
    });
    if (created === 'email-in-use') throw refuse(created);
    return toSystemUser(created);
  }

  /**
   * Updates a staff user. Users editing themselves may change neither their passphrase (that is
   * Change Passphrase, which asks for the current one) nor their role; nobody may demote the last
   * admin. A passphrase set here ends the user's sessions.
   */
  async update(caller: AuthContext, id: string, request: UpdateUserRequest): Promise<SystemUser> {
    const target = await this.users.findById(id);
    if (!target || target.role === 'Consumer') throw refuse('not-found');
    const isSelf = target.id === caller.user.id;
    if (isSelf && request.rawPassphrase) {
      throw new ApiError(
        400,
        'USER_MANAGEMENT_SELF_PASSPHRASE',
        'Use Change Passphrase to change your own passphrase.',
      );
    }
    if (isSelf && request.role !== target.role) {
      throw new ApiError(400, 'USER_MANAGEMENT_SELF_ROLE', 'You cannot change your own role.');
    }
    if (request.rawPassphrase) assertPassphrasePolicy(request.rawPassphrase, request);
    const now = this.clock.now();
    const outcome = await this.users.updateKeepingAnAdmin(id, {
      email: request.email,
      name: request.name,
      role: request.role,
      updatedAt: now,
      ...(request.rawPassphrase
        ? { passphraseHash: await this.hasher.hash(request.rawPassphrase) }
        : {}),
    });
    if (outcome !== 'done') throw refuse(outcome);
    if (request.rawPassphrase) await this.auth.deleteSessionsOfUser(id);
    return { id, name: request.name, email: request.email, role: request.role };
  }

  /** Deletes a staff user and with them their sessions; never oneself, never the last admin. */
  async remove(caller: AuthContext, id: string): Promise<void> {
    if (id === caller.user.id) {
      throw new ApiError(400, 'USER_MANAGEMENT_SELF_DELETE', 'You cannot delete your own account.');
    }
    const target = await this.users.findById(id);
    if (!target || target.role === 'Consumer') throw refuse('not-found');
    const outcome = await this.users.deleteKeepingAnAdmin(id);
    if (outcome !== 'done') throw refuse(outcome);
  }
}
