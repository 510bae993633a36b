import type { PhysicalStatus } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { gatewayChart, gatewayChartTop, latestFigures, temperatureIn } from './physical-series';

const start = Date.UTC(2026, 10, 24, 12, 0);
const names = { usedRam: 'Used RAM', cpuLoad: 'CPU load', temperature: 'Temperature' };

function status(overrides: Partial<PhysicalStatus> = {}): PhysicalStatus {
  return {
    intervalMinutes: 15,
    startTime: start,
    totalRam: 512_000_000,
    freeRam: [384_000_000, null, 128_000_000],
    mostRecentFreeRam: 128_000_000,
    cpuLoad: [12, null, 40],
    mostRecentCPULoad: 40,
    temp: [500, null, 655],
    mostRecentTemp: 655,
    secondsSinceLastReboot: 3 * 86_400 + 4 * 3600 + 5 * 60 + 30,
    downtime: [],
    ...overrides,
  };
}

const valuesOf = (chart: ReturnType<typeof gatewayChart>, key: string) =>
  chart.series.find((line) => line.key === key)?.values;

describe('gatewayChart', () => {
  it('should place a point every interval from the start', () => {
    expect(gatewayChart(status(), 'celsius', names).x).toEqual([
      start,
      start + 15 * 60_000,
      start + 30 * 60_000,
    ]);
  });

  it('should draw used RAM as the percent of the total not free, and leave gaps as gaps', () => {
    expect(valuesOf(gatewayChart(status(), 'celsius', names), 'usedRam')).toEqual([25, null, 75]);
    expect(valuesOf(gatewayChart(status(), 'celsius', names), 'cpuLoad')).toEqual([12, null, 40]);
  });

  it('should draw no RAM line while the total is unknown', () => {
    const chart = gatewayChart(status({ totalRam: null }), 'celsius', names);
    expect(valuesOf(chart, 'usedRam')).toEqual([null, null, null]);
  });

  it('should draw temperature from tenths of °C in the chosen unit, with that unit', () => {
    const celsius = gatewayChart(status(), 'celsius', names);
    expect(valuesOf(celsius, 'temperature')).toEqual([50, null, 65.5]);
    expect(celsius.series.map((line) => line.unit)).toEqual(['%', '%', '°C']);
    const fahrenheit = gatewayChart(status(), 'fahrenheit', names);
    expect(valuesOf(fahrenheit, 'temperature')).toEqual([122, null, 149.9]);
    expect(fahrenheit.series[2]?.unit).toBe('°F');
  });

  it('should draw the seed’s sentinels -5000 and 32767 at 0 in either unit', () => {
    const sentinels = status({ temp: [-5000, 32767, 400], cpuLoad: [-5000, 5, 6] });
    expect(valuesOf(gatewayChart(sentinels, 'celsius', names), 'temperature')).toEqual([0, 0, 40]);
    expect(valuesOf(gatewayChart(sentinels, 'fahrenheit', names), 'temperature')).toEqual([
      0, 0, 104,
    ]);
    expect(valuesOf(gatewayChart(sentinels, 'celsius', names), 'cpuLoad')).toEqual([0, 5, 6]);
  });

  it('should name and colour the three lines apart, all shown', () => {
    const chart = gatewayChart(status(), 'celsius', names);
    expect(chart.series.map((line) => line.name)).toEqual(['Used RAM', 'CPU load', 'Temperature']);
    expect(new Set(chart.series.map((line) => line.colour)).size).toBe(3);
    expect(chart.series.some((line) => line.hidden)).toBe(false);
  });
});

describe('gatewayChartTop', () => {
  it('should keep the seed’s 100 while every value fits, and reach the next ten above otherwise', () => {
    expect(gatewayChartTop(gatewayChart(status(), 'celsius', names).series)).toBe(100);
    expect(gatewayChartTop(gatewayChart(status(), 'fahrenheit', names).series)).toBe(150);
  });
});

describe('latestFigures', () => {
  it('should give the latest RAM in MB with its used percent, CPU and both temperatures', () => {
    expect(latestFigures(status())).toEqual({
      totalRamMb: 512,
      usedRamMb: 384,
      freeRamMb: 128,
      usedRamPercent: 75,
      cpuLoad: 40,
      temperature: { celsius: 65.5, fahrenheit: 149.9 },
      secondsSinceLastReboot: 3 * 86_400 + 4 * 3600 + 5 * 60 + 30,
    });
  });

  it.each([-5000, 32767, null])('should have no temperature when the latest is %s', (temp) => {
    expect(latestFigures(status({ mostRecentTemp: temp })).temperature).toBeNull();
  });
});

describe('temperatureIn', () => {
  it('should turn tenths of °C into °C and °F', () => {
    expect(temperatureIn('celsius', -400)).toBe(-40);
    expect(temperatureIn('fahrenheit', -400)).toBe(-40);
    expect(temperatureIn('fahrenheit', 1000)).toBe(212);
  });
});
