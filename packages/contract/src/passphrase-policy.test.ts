import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstBrokenPassphraseRule,
  passphrasePolicyRules,
  passphraseSchema,
  type PassphraseRule,
} from './passphrase-policy';

const valid = 'Tr0ub4dor&Horse!';

const maria = { name: 'Maria José García', email: 'maria.garcia@example.org' };

/** Each rule with passphrases that come close to breaking it and ones that break it first. */
const examplesByRule: Record<PassphraseRule, { passing: string[]; failing: string[] }> = {
  USER_MANAGEMENT_MINIMUM_LENGTH: {
    passing: ['Tr0u&Hor', 'Ñu8!Kmo🐴'],
    failing: ['abc', 'Tr0u&Ho', 'Ñu8!Km🐴', ''],
  },
  USER_MANAGEMENT_MAXIMUM_LENGTH: {
    // 127 code points but 247 UTF-16 units: the emoji count once each.
    passing: [`${valid}${'Ab3!'.repeat(30)}`.slice(0, 127), `${'🐴🦊'.repeat(60)}Tr0u&Hx`],
    failing: [`${valid}${'Ab3!'.repeat(30)}`.slice(0, 128), `${'🐴🦊'.repeat(60)}Tr0u&Hxy`],
  },
  USER_MANAGEMENT_PASSPHRASE_UPPERCASE: {
    passing: ['tr0ub4dor&horsE!', 'élan&Übe9rt'],
    failing: ['tr0ub4dor&horse!', 'élan&übe9rt'],
  },
  USER_MANAGEMENT_PASSPHRASE_LOWERCASE: {
    passing: ['TR0UB4DOR&HORSe!', 'ÉLAN&ÜBE9Rß'],
    failing: ['TR0UB4DOR&HORSE!', 'ÉLAN&ÜBE9RT'],
  },
  USER_MANAGEMENT_PASSPHRASE_NUMBER: {
    passing: ['Troub4dor&Horse!', 'Troubador&Horse٤'],
    failing: ['Troubador&Horse!', 'Troub²dor&Horse!'],
  },
  USER_MANAGEMENT_PASSPHRASE_SPECIAL: {
    passing: ['Tr0ub4dor_Horse', 'Tr0ub4dor🐴Horse'],
    failing: ['Tr0ub4dorHorse', 'Tr0ub4dor Horse'],
  },
  USER_MANAGEMENT_PASSPHRASE_NO_SPACES: {
    passing: ['Tr0ub4dor&_Horse!', 'Tr0ub4dor&·Horse!'],
    failing: ['Tr0ub4dor& Horse!', 'Tr0ub4dor&\u00a0Horse!', 'Tr0ub4dor&\tHorse!'],
  },
  USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION: {
    passing: [valid, 'Mar1a&Gar-cia', 'Ex4mple!Org9'],
    failing: ['Garcia#2024xY', 'Jose!Xyz9k', 'Example!9Qz', 'MaríaJoséGarcía!9'],
  },
  USER_MANAGEMENT_PASSPHRASE_PATTERN: {
    passing: ['Tr0ub4dor&abcbaH!', 'Tr0ub4dor&aabH!', 'Tr0ub4dor&qweH!', 'Tr0ub4dor&123H!'],
    failing: [
      'Tr0ub4dor&aaabbbH!',
      'Tr0ub4dor&qwertyH!',
      'Tr0ub4dor&ASDFH!',
      'Tr0ub4dor&123321H!',
      'Tr0ub4dor&zyxwvutsH!',
      'Tr0ub4dor&lkjhH!',
      'Tr0ub4dor&9876H!',
      'Tr0ub4dor&AbcCbaH!',
      'Tr0ub4dor&Racecar!',
      'Tr0ub4dor&!!!H',
    ],
  },
  USER_MANAGEMENT_PASSPHRASE_FORBIDDEN_WORD: {
    passing: [valid, 'Pass-W0rd&Horse!', 'Secr3t&Horse!'],
    failing: [
      'MyPassword#1x',
      'drowssaP#1xY',
      'Contraseña#1x',
      'MotDePasse#1x',
      'Secreto!9xY',
      'Phrase-Secrète9',
      'Mot-de-Passe9!',
      'Terces&H0rse!',
    ],
  },
};

function hasEveryCharacterClass(passphrase: string): boolean {
  return (
    /\p{Lu}/u.test(passphrase) &&
    /\p{Ll}/u.test(passphrase) &&
    /\p{Nd}/u.test(passphrase) &&
    /[^\p{L}\p{Nd}\s]/u.test(passphrase) &&
    !/\s/u.test(passphrase)
  );
}

describe(firstBrokenPassphraseRule.name, () => {
  it('should accept the valid base passphrase', () => {
    expect(firstBrokenPassphraseRule(valid)).toBeNull();
    expect(firstBrokenPassphraseRule(valid, maria)).toBeNull();
  });

  it('should check the rules in the order the policy lists them', () => {
    expect(firstBrokenPassphraseRule('abc')).toBe('USER_MANAGEMENT_MINIMUM_LENGTH');
    expect(firstBrokenPassphraseRule('a'.repeat(128))).toBe('USER_MANAGEMENT_MAXIMUM_LENGTH');
    expect(firstBrokenPassphraseRule('password')).toBe('USER_MANAGEMENT_PASSPHRASE_UPPERCASE');
    expect(firstBrokenPassphraseRule('PASSWORD')).toBe('USER_MANAGEMENT_PASSPHRASE_LOWERCASE');
    expect(firstBrokenPassphraseRule('Password')).toBe('USER_MANAGEMENT_PASSPHRASE_NUMBER');
    expect(firstBrokenPassphraseRule('Password1')).toBe('USER_MANAGEMENT_PASSPHRASE_SPECIAL');
    expect(firstBrokenPassphraseRule('Pass word1!')).toBe('USER_MANAGEMENT_PASSPHRASE_NO_SPACES');
    expect(firstBrokenPassphraseRule('Maria-Password1234!', maria)).toBe(
      'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
    );
    expect(firstBrokenPassphraseRule('Password1234!')).toBe('USER_MANAGEMENT_PASSPHRASE_PATTERN');
    expect(firstBrokenPassphraseRule('Password1!')).toBe(
      'USER_MANAGEMENT_PASSPHRASE_FORBIDDEN_WORD',
    );
  });

  it('should list every rule once, with its message key', () => {
    expect(Object.keys(examplesByRule)).toEqual(passphrasePolicyRules);
  });

  describe.each(passphrasePolicyRules)('%s', (rule) => {
    const { passing, failing } = examplesByRule[rule];

    it.each(passing)('should accept %j', (passphrase) => {
      expect(firstBrokenPassphraseRule(passphrase, maria)).toBeNull();
    });

    it.each(failing)('should refuse %j with this rule', (passphrase) => {
      expect(firstBrokenPassphraseRule(passphrase, maria)).toBe(rule);
    });
  });

  describe('personal information', () => {
    it('should ignore name and e-mail parts shorter than three characters', () => {
      const al = { name: "Al O'Li", email: 'al.li@co.uk' };
      expect(firstBrokenPassphraseRule('Al!Co#9xYzLi', al)).toBeNull();
    });

    it('should refuse the whole name without spaces and the whole local part', () => {
      const al = { name: 'Al Li', email: 'a.b@example.org' };
      expect(firstBrokenPassphraseRule('Xy9!AlLi', al)).toBe(
        'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
      );
      expect(firstBrokenPassphraseRule('Xy9!A.B@q', al)).toBe(
        'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
      );
    });

    it('should refuse parts of a plus-addressed local part, but not the top-level domain', () => {
      const person = { email: 'jdoe+portal@mail.linesight.com' };
      expect(firstBrokenPassphraseRule('Portal!9xY', person)).toBe(
        'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
      );
      expect(firstBrokenPassphraseRule('LineSight!9', person)).toBe(
        'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
      );
      expect(firstBrokenPassphraseRule('Com!9xYzHq', person)).toBeNull();
    });

    it('should treat missing personal information as nothing to avoid', () => {
      expect(firstBrokenPassphraseRule('Garcia#2024xY')).toBeNull();
      expect(firstBrokenPassphraseRule('Garcia#2024xY', { name: '', email: '' })).toBeNull();
    });
  });

  describe('properties', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 140 });

    it('should never throw and always answer null or one of the rules', () => {
      fc.assert(
        fc.property(anyText, fc.string({ unit: 'binary' }), (passphrase, name) => {
          const result = firstBrokenPassphraseRule(passphrase, { name, email: name });
          expect(result === null || passphrasePolicyRules.includes(result)).toBe(true);
        }),
      );
    });

    it('should only accept 8 to 127 characters with every character class and no white space', () => {
      const likelyValid = fc.string({
        unit: fc.constantFrom(...'Aa1!Zz9#Ñé٤🐴 '),
        minLength: 6,
        maxLength: 130,
      });
      fc.assert(
        fc.property(fc.oneof(anyText, likelyValid), (passphrase) => {
          fc.pre(firstBrokenPassphraseRule(passphrase) === null);
          const length = [...passphrase].length;
          expect(length).toBeGreaterThanOrEqual(8);
          expect(length).toBeLessThanOrEqual(127);
          expect(hasEveryCharacterClass(passphrase)).toBe(true);
        }),
        { numRuns: 200 },
      );
    });

    it('should make the zod schema agree with the rule check, reporting the rule as message', () => {
      fc.assert(
        fc.property(fc.oneof(anyText, fc.constantFrom(valid, 'MyPassword#1x')), (passphrase) => {
          const brokenRule = firstBrokenPassphraseRule(passphrase, maria);
          const result = passphraseSchema(maria).safeParse(passphrase);
          expect(result.success).toBe(brokenRule === null);
          if (!result.success) expect(result.error.issues[0]?.message).toBe(brokenRule);
        }),
      );
    });

    it('should check a thousand 127-character passphrases in well under a second', () => {
      // The prefix meets the character classes, so every check runs to the end.
      const passphrases = fc
        .sample(fc.string({ unit: 'binary', minLength: 123, maxLength: 123 }), 1000)
        .map((tail) => `Xy7%${tail.replace(/\s/gu, '_')}`);
      const started = Date.now();
      for (const passphrase of passphrases) firstBrokenPassphraseRule(passphrase, maria);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  });
});
