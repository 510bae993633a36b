import { z } from 'zod';
import { passphraseMaxLength, passphraseMinLength } from './text';

/**
 * The passphrase policy of seed 000, section 5, in the order it is checked. Each key is also the
 * i18n message the client shows, so the browser and the server report the same broken rule.
 */
export const passphrasePolicyRules = [
  'USER_MANAGEMENT_MINIMUM_LENGTH',
  'USER_MANAGEMENT_MAXIMUM_LENGTH',
  'USER_MANAGEMENT_PASSPHRASE_UPPERCASE',
  'USER_MANAGEMENT_PASSPHRASE_LOWERCASE',
  'USER_MANAGEMENT_PASSPHRASE_NUMBER',
  'USER_MANAGEMENT_PASSPHRASE_SPECIAL',
  'USER_MANAGEMENT_PASSPHRASE_NO_SPACES',
  'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION',
  'USER_MANAGEMENT_PASSPHRASE_PATTERN',
  'USER_MANAGEMENT_PASSPHRASE_FORBIDDEN_WORD',
] as const;
export type PassphraseRule = (typeof passphrasePolicyRules)[number];

/** What the passphrase must not give away about its owner. */
export interface PersonalInformation {
  name?: string;
  email?: string;
}

/** The first rule the passphrase breaks, or null when it passes. */
export function firstBrokenPassphraseRule(
  passphrase: string,
  personal: PersonalInformation = {},
): PassphraseRule | null {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...passphrase].length;
  if (length < passphraseMinLength) return 'USER_MANAGEMENT_MINIMUM_LENGTH';
  if (length > passphraseMaxLength) return 'USER_MANAGEMENT_MAXIMUM_LENGTH';
  if (!/\p{Lu}/u.test(passphrase)) return 'USER_MANAGEMENT_PASSPHRASE_UPPERCASE';
  if (!/\p{Ll}/u.test(passphrase)) return 'USER_MANAGEMENT_PASSPHRASE_LOWERCASE';
  if (!/\p{Nd}/u.test(passphrase)) return 'USER_MANAGEMENT_PASSPHRASE_NUMBER';
  if (!/[^\p{L}\p{Nd}\s]/u.test(passphrase)) return 'USER_MANAGEMENT_PASSPHRASE_SPECIAL';
  if (/\s/u.test(passphrase)) return 'USER_MANAGEMENT_PASSPHRASE_NO_SPACES';

  const folded = fold(passphrase);
  if (personalInformationParts(personal).some((part) => folded.includes(part))) {
    return 'USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION';
  }
  if (hasPattern([...folded])) return 'USER_MANAGEMENT_PASSPHRASE_PATTERN';
  if (hasForbiddenWord(folded)) return 'USER_MANAGEMENT_PASSPHRASE_FORBIDDEN_WORD';
  return null;
}

/** zod refinement: adds an issue whose message is the broken rule's key. */
export function passphraseSchema(personal?: PersonalInformation): z.ZodType<string> {
  return z.string().superRefine((passphrase, context) => {
    const brokenRule = firstBrokenPassphraseRule(passphrase, personal);
    if (brokenRule !== null) context.addIssue({ code: 'custom', message: brokenRule });
  });
}

/**
 * Case- and accent-insensitive form used by every comparison: "García" and "GARCIA" are the same
 * name, "Contraseña" the same word as "contrasena".
 */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Shorter parts ("Al", the "co" of example.co.uk) are too common to block passphrases with. */
const minimumPersonalPartLength = 3;

/** The folded pieces of the owner's name and e-mail a passphrase must not contain. */
function personalInformationParts({ name = '', email = '' }: PersonalInformation): string[] {
  const foldedName = fold(name);
  const foldedEmail = fold(email);
  // The last "@" separates the domain: a quoted local part may itself contain one.
  const at = foldedEmail.lastIndexOf('@');
  const localPart = at === -1 ? foldedEmail : foldedEmail.slice(0, at);
  const domainLabels = at === -1 ? [] : foldedEmail.slice(at + 1).split('.');
  const parts = [
    ...foldedName.split(/[\s\-\u2010'\u2019.]+/u),
    foldedName.replace(/\s+/gu, ''),
    ...localPart.split(/[._\-+]+/u),
    localPart,
    // The top-level domain ("org", "com") says nothing about the person.
    ...domainLabels.slice(0, -1),
  ];
  return parts.filter((part) => [...part].length >= minimumPersonalPartLength);
}

/** "abc" or "qwe" happen by chance; a run of four neighbouring keys or letters doesn't. */
const minimumRunLength = 4;
const minimumRepeatLength = 3;
const minimumMirrorLength = 6;

const keyboardRows = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const alphabets = ['0123456789', 'abcdefghijklmnopqrstuvwxyz'];

/**
 * Every keyboard run ("qwer", "lkjh") and every sequence ("1234", "zyxw") of `minimumRunLength`
 * characters, forward or backward. A longer run always contains one of them.
 */
const forbiddenRuns = new Set(
  [...keyboardRows, ...alphabets].flatMap((line) =>
    [line, reverse(line)].flatMap((direction) =>
      Array.from({ length: direction.length - minimumRunLength + 1 }, (_, start) =>
        direction.slice(start, start + minimumRunLength),
      ),
    ),
  ),
);

/**
 * Repeated characters, keyboard runs, sequences and mirrors. Each is looked for at every position
 * over a window of at most seven characters, so the cost stays linear in the length.
 */
function hasPattern(characters: readonly string[]): boolean {
  return characters.some(
    (_, start) =>
      isRepeat(characters, start) ||
      forbiddenRuns.has(characters.slice(start, start + minimumRunLength).join('')) ||
      // Any mirror of 6 or more characters has a 6- or 7-character mirror at its centre.
      isAlphanumericMirror(characters, start, minimumMirrorLength) ||
      isAlphanumericMirror(characters, start, minimumMirrorLength + 1),
  );
}

/** "aaa", "111", "!!!": one character three times in a row. */
function isRepeat(characters: readonly string[], start: number): boolean {
  const window = characters.slice(start, start + minimumRepeatLength);
  return window.length === minimumRepeatLength && window.every((c) => c === window[0]);
}

/** "123321", "abccba": letters and digits that read the same backwards. */
function isAlphanumericMirror(
  characters: readonly string[],
  start: number,
  length: number,
): boolean {
  const window = characters.slice(start, start + length);
  return (
    window.length === length &&
    window.every((c) => /^[\p{L}\p{Nd}]$/u.test(c)) &&
    window.every((c, i) => c === window[length - 1 - i])
  );
}

/** secret, password and passphrase in every language the portal speaks, already folded. */
const forbiddenWordsByLanguage = {
  en: ['secret', 'password', 'passphrase'],
  es: ['secreto', 'contrasena', 'frasedecontrasena', 'clave'],
  fr: ['secret', 'motdepasse', 'phrasesecrete', 'phrasedepasse'],
};

/** Reversing the word is the same as reversing the passphrase, and is done once. */
const forbiddenWords = Object.values(forbiddenWordsByLanguage).flatMap((words) =>
  words.flatMap((word) => [word, reverse(word)]),
);

/** Only letters are compared, so separators don't hide a word: "Mot-de-Passe" is "motdepasse". */
function hasForbiddenWord(folded: string): boolean {
  const letters = folded.replace(/\P{L}/gu, '');
  return forbiddenWords.some((word) => letters.includes(word));
}

function reverse(text: string): string {
  return [...text].reverse().join('');
}
