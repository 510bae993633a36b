import { randomInt } from 'node:crypto';
import type { Role } from '@linesight/contract';
import type { PassphraseHasher } from '../auth/passphrase-hasher';
import type { UserRecord, UsersRepository } from './users.repository';

export const generatedAdminEmail = 'admin@linesight.local';

export type InitialAdmin =
  | { outcome: 'existing-users' }
  | { outcome: 'configured'; email: string }
  | { outcome: 'generated'; email: string; passphrase: string };

/** The role a user presents: a pending passphrase change hides every other right. */
export function effectiveRole(user: Pick<UserRecord, 'role' | 'mustChangePassphrase'>): Role {
  return user.mustChangePassphrase ? 'MustChangePassphrase' : user.role;
}

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

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PassphraseHasher,
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
}
