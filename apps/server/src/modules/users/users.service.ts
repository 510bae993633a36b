import { randomInt } from 'node:crypto';
import {
  type CreateUserRequest,
  defaultSystemUserRole,
  type SystemUser,
  type SystemUserRole,
  type UpdateUserRequest,
} from '@linesight/contract';
import type { Clock } from '../../clock';
import type { InTransaction } from '../../db/transaction';
import { ApiError } from '../../http/api-error';
import type { UserActor } from '../audit/actor';
import type { AuditRepository, NewAuditEntry } from '../audit/audit.repository';
import type { AuthRepository } from '../auth/auth.repository';
import type { PassphraseHasher } from '../auth/passphrase-hasher';
import { assertPassphrasePolicy } from '../passphrase/passphrase.service';
import type { AdminGuardedRefusal, UserRecord, UsersRepository } from './users.repository';

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

function refuse(outcome: AdminGuardedRefusal): ApiError {
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

/** What a user management change writes to the audit trail: what changed, never a secret. */
type UserChange = Pick<NewAuditEntry, 'action' | 'details'>;

/**
 * The entries an update makes: one per kind of change, so a role change or a passphrase set can
 * be asked for by its action. Fields given their current value are no change.
 */
function changesOf(before: UserRecord, request: UpdateUserRequest): UserChange[] {
  const changes: UserChange[] = [];
  const fields: Record<string, string> = {};
  if (request.email !== before.email) fields.email = request.email;
  if (request.name !== before.name) fields.name = request.name;
  if (Object.keys(fields).length > 0) changes.push({ action: 'user.update', details: fields });
  if (request.role !== before.role) {
    changes.push({
      action: 'user.changeRole',
      details: { role: request.role, previousRole: before.role },
    });
  }
  if (request.rawPassphrase) {
    changes.push({ action: 'user.setPassphrase', details: { sessionsEnded: true } });
  }
  return changes;
}

export interface UsersTransaction {
  users: UsersRepository;
  auth: AuthRepository;
  audit: AuditRepository;
}

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PassphraseHasher,
    private readonly clock: Clock,
    private readonly inTransaction: InTransaction<UsersTransaction>,
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

  async create(actor: UserActor, request: CreateUserRequest): Promise<SystemUser> {
    assertPassphrasePolicy(request.rawPassphrase, request);
    const passphraseHash = await this.hasher.hash(request.rawPassphrase);
    const now = this.clock.now();
    const { email, name } = request;
    const role = request.role ?? defaultSystemUserRole;
    return this.inTransaction(async ({ users, audit }) => {
      const created = await users.insert({
        email,
        name,
        role,
        passphraseHash,
        createdAt: now,
        updatedAt: now,
      });
      if (created === 'email-in-use') throw refuse(created);
      await audit.insert({
        at: now,
        actor,
        action: 'user.create',
        target: created.id,
        details: { email, name, role },
      });
      return toSystemUser(created);
    });
  }

  /**
   * Updates a staff user. Users editing themselves may change neither their passphrase (that is
   * Change Passphrase, which asks for the current one) nor their role; nobody may demote the last
   * admin. A passphrase set here ends the user's sessions.
   */
  async update(actor: UserActor, id: string, request: UpdateUserRequest): Promise<SystemUser> {
    const target = await this.users.findById(id);
    if (!target || target.role === 'Consumer') throw refuse('not-found');
    const isSelf = target.id === actor.userId;
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
    const passphraseHash = request.rawPassphrase
      ? await this.hasher.hash(request.rawPassphrase)
      : undefined;
    const now = this.clock.now();
    return this.inTransaction(async ({ users, auth, audit }) => {
      const before = await users.updateKeepingAnAdmin(id, {
        email: request.email,
        name: request.name,
        role: request.role,
        updatedAt: now,
        ...(passphraseHash ? { passphraseHash } : {}),
      });
      if (typeof before === 'string') throw refuse(before);
      if (passphraseHash) await auth.deleteSessionsOfUser(id);
      for (const change of changesOf(before, request)) {
        await audit.insert({ at: now, actor, target: id, ...change });
      }
      return { id, name: request.name, email: request.email, role: request.role };
    });
  }

  /** Deletes a staff user and with them their sessions; never oneself, never the last admin. */
  async remove(actor: UserActor, id: string): Promise<void> {
    if (id === actor.userId) {
      throw new ApiError(400, 'USER_MANAGEMENT_SELF_DELETE', 'You cannot delete your own account.');
    }
    const target = await this.users.findById(id);
    if (!target || target.role === 'Consumer') throw refuse('not-found');
    await this.inTransaction(async ({ users, audit }) => {
      const deleted = await users.deleteKeepingAnAdmin(id);
      if (typeof deleted === 'string') throw refuse(deleted);
      const { email, name, role } = deleted;
      await audit.insert({
        at: this.clock.now(),
        actor,
        action: 'user.delete',
        target: id,
        details: { email, name, role },
      });
    });
  }
}
