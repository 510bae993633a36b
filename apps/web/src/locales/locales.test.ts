import { errorCodes } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [leaf, text] of flatten(value, `${prefix}${key}.`)) flat.set(leaf, text);
  }
  return flat;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();

const english = flatten(en);

describe.each([
  ['es', flatten(es)],
  ['fr', flatten(fr)],
])('the %s messages', (_language, translated) => {
  it('should have every key of en.json and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('should keep every placeholder of the English text', () => {
    for (const [key, text] of english) {
      expect(placeholders(translated.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('should be translated, not copied from English', () => {
    const copied = [...english].filter(
      ([key, text]) => translated.get(key) === text && !key.startsWith('LANGUAGES.'),
    );
    // A few words are the same in every language (QoE, WiFi); whole sentences are not.
    expect(copied.filter(([, text]) => text.includes(' ')).map(([key]) => key)).toEqual([]);
  });
});

describe('en.json', () => {
  it('should hold a message for every error code the API answers with', () => {
    const pluralBases = new Set([...english.keys()].map((key) => key.replace(/_(one|other)$/, '')));
    expect(errorCodes.filter((code) => !pluralBases.has(code))).toEqual([]);
  });

  it('should have no empty message', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});
