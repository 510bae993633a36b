import { describe, expect, it } from 'vitest';
import { decideZoom } from './zoom';

const now = Date.UTC(2025, 2, 3, 12, 0);
const minute = 60_000;
const limits = { minSeconds: 15 * 60, maxSeconds: 26 * 3600, now };

describe('decideZoom', () => {
  it('should zoom on a selection between the least and the most', () => {
    const selection = { start: now - 60 * minute, end: now - 30 * minute };
    expect(decideZoom(selection, limits)).toEqual({ kind: 'zoom', range: selection });
  });

  it('should clamp the end of a selection to now', () => {
    const selection = { start: now - 60 * minute, end: now + 30 * minute };
    expect(decideZoom(selection, limits)).toEqual({
      kind: 'zoom',
      range: { start: now - 60 * minute, end: now },
    });
  });

  it('should accept a selection dragged right to left', () => {
    expect(decideZoom({ start: now - minute, end: now - 61 * minute }, limits)).toEqual({
      kind: 'zoom',
      range: { start: now - 61 * minute, end: now - minute },
    });
  });

  it('should refuse a selection shorter than the least, even once clamped to now', () => {
    expect(decideZoom({ start: now - 14 * minute, end: now }, limits).kind).toBe('too-short');
    expect(decideZoom({ start: now - 10 * minute, end: now + 60 * minute }, limits).kind).toBe(
      'too-short',
    );
    expect(decideZoom({ start: now - 15 * minute, end: now }, limits).kind).toBe('zoom');
  });

  it('should refuse a selection longer than the most', () => {
    const tooLong = { start: now - 26 * 60 * minute - 1, end: now };
    expect(decideZoom(tooLong, limits)).toEqual({ kind: 'too-long', maxSeconds: 26 * 3600 });
    expect(decideZoom({ start: now - 26 * 60 * minute, end: now }, limits).kind).toBe('zoom');
  });
});
