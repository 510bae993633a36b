import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting: m=19 MiB, t=2, p=1. (`Algorithm` is an
 * ambient const enum the compiler may not inline here; 2 is its Argon2id.)
 */
const options: Options = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export class PassphraseHasher {
  private dummyHash: Promise<string> | undefined;

  hash(passphrase: string): Promise<string> {
    return hash(passphrase, options);
  }

  async verify(storedHash: string, passphrase: string): Promise<boolean> {
    try {
      return await verify(storedHash, passphrase);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same work as a real check, for callers with no account to check against, so
   * an unknown e-mail takes as long to refuse as a wrong passphrase.
   */
  async verifyNothing(passphrase: string): Promise<false> {
    this.dummyHash ??= this.hash('no account has this passphrase');
    await this.verify(await this.dummyHash, passphrase);
    return false;
  }
}
