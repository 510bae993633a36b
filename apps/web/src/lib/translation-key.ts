import type en from '../locales/en.json';

type Leaves<T, Prefix extends string = ''> = {
  [Key in keyof T & string]: T[Key] extends string
    ? `${Prefix}${Key extends `${infer Base}_${'one' | 'other'}` ? Base : Key}`
    : Leaves<T[Key], `${Prefix}${Key}.`>;
}[keyof T & string];

/** Every message key of `en.json`, so a misspelt key fails the type check. */
export type TranslationKey = Leaves<typeof en>;
