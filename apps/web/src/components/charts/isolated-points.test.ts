import { describe, expect, it } from 'vitest';
import { isolatedPoints } from './isolated-points';

describe(isolatedPoints.name, () => {
  it('should give the readings with no reading beside them', () => {
    expect(isolatedPoints([null, 4, null, 5, 6, null, 7])).toEqual([1, 6]);
  });

  it('should give a lone reading, and none for a line without gaps or without readings', () => {
    expect(isolatedPoints([3])).toEqual([0]);
    expect(isolatedPoints([1, 2, 3])).toEqual([]);
    expect(isolatedPoints([null, undefined, null])).toEqual([]);
  });
});
