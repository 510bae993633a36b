import { describe, expect, it } from 'vitest';
import { deviceColour, deviceColours } from './chart-colours';

describe('deviceColour', () => {
  it('should give 25 different colours to the first 25 devices', () => {
    const colours = Array.from({ length: 25 }, (_, index) => deviceColour(index));
    expect(new Set(colours).size).toBe(25);
    expect(deviceColours).toHaveLength(25);
  });

  it('should start again from the first colour at the 26th device', () => {
    expect(deviceColour(25)).toBe(deviceColour(0));
    expect(deviceColour(26)).toBe(deviceColour(1));
    expect(deviceColour(51)).toBe(deviceColour(1));
  });
});
