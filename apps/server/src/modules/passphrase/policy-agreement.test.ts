import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPassphraseFields } from '../../../../web/src/lib/passphrase-form';
import { ApiError } from '../../http/api-error';
import { assertPassphrasePolicy } from './passphrase.service';

/** What the server answers for a passphrase: null when accepted, else the error code. */
function serverVerdict(passphrase: string, user: { name: string; email: string }): string | null {
  try {
    assertPassphrasePolicy(passphrase, user);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/** What the browser's form shows on the new-passphrase field: null when valid, else the key. */
function browserVerdict(passphrase: string, user: { name: string; email: string }): string | null {
  const result = newPassphraseFields(user).safeParse({
    newPassphrase: passphrase,
    confirmPassphrase: passphrase,
  });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === 'newPassphrase')?.message ?? null;
}

const user = { name: 'Maria José García', email: 'maria.garcia@example.org' };

// Strings built from the pieces the rules look at, so most samples come close to passing.
const pieces = fc.constantFrom(
  'A',
  'z',
  'Q',
  '7',
  '0',
  '#',
  '!',
  ' ',
  'é',
  'Maria',
  'garcia',
  'secret',
  'drowssap',
  'qwer',
  '1234',
  'aaa',
  'xY',
  '\t',
  '😀',
);
const passphraseLike = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

describe('the passphrase policy in the browser and on the server', () => {
  it('should give the same verdict and the same message for any passphrase', () => {
    fc.assert(
      fc.property(
        fc.oneof(passphraseLike, fc.string({ unit: 'binary', maxLength: 140 })),
        (passphrase) => {
          expect(browserVerdict(passphrase, user)).toBe(serverVerdict(passphrase, user));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should both accept a good passphrase and both refuse a personal one', () => {
    expect(serverVerdict('Velvet-Canyon-93!', user)).toBeNull();
    expect(browserVerdict('Velvet-Canyon-93!', user)).toBeNull();
    expect(serverVerdict('Garcia#2024xY', user)).toBe(
      'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
    );
    expect(browserVerdict('Garcia#2024xY', user)).toBe(
      'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
    );
  });
});
