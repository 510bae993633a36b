import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

const spaced = (text: string): string => text.replace(/\s/g, ' ');

describe('formatDuration', () => {
  it('should say days, hours and minutes in the user’s language, leaving out zeros', () => {
    expect(formatDuration('en', 3 * 86_400 + 4 * 3600 + 5 * 60 + 30)).toBe(
      '3 days 4 hours 5 minutes',
    );
    expect(spaced(formatDuration('fr', 2 * 3600))).toBe('2 heures');
    expect(formatDuration('es', 30)).toBe('0 minutos');
  });

  it('should keep only the largest units asked for, in short words', () => {
    const seconds = 3 * 86_400 + 4 * 3600 + 5 * 60;
    expect(formatDuration('en', seconds, { unitDisplay: 'short', largestUnits: 2 })).toBe(
      '3 days 4 hr',
    );
    expect(spaced(formatDuration('es', seconds, { unitDisplay: 'short', largestUnits: 2 }))).toBe(
      '3 d 4 h',
    );
    expect(spaced(formatDuration('fr', seconds, { unitDisplay: 'short', largestUnits: 2 }))).toBe(
      '3 j 4 h',
    );
  });

  it('should not name a zero unit inside the largest ones: 2 days and 5 minutes is 2 days', () => {
    expect(formatDuration('en', 2 * 86_400 + 5 * 60, { largestUnits: 2 })).toBe('2 days');
  });
});
