import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet';
import type { Gateway } from './gateway';
import type { BulkDataReport } from './report';
import { hour, monday, numberAt, reportsOf, rowsOf } from './test-helpers';

const analysis = 'Device.DOCSIS.SpectrumAnalysis';

interface Channel {
  frequency: number;
  width: number;
  power: number;
}

function channelsOf(report: BulkDataReport, table: string, powerField: string): Channel[] {
  return rowsOf(report, table).map((row) => ({
    frequency: Number(row.get('Frequency')),
    width: Number(row.get('Width')),
    power: Number(row.get(powerField)),
  }));
}

/** Which channel's band, Frequency ± Width/2, holds the frequency: the collector's rule. */
function channelAt(channels: Channel[], frequency: number): Channel | undefined {
  return channels.find(
    (channel) =>
      frequency >= channel.frequency - channel.width / 2 &&
      frequency < channel.frequency + channel.width / 2,
  );
}

function docsisGateways(): Gateway[] {
  return createFleet({ seed: 30, size: 40 }).filter(
    (gateway) => gateway.profile.line.lineClass === 'docsis',
  );
}

describe('the DOCSIS spectrum analysis', () => {
  it('should come with the first report of each hour, on DOCSIS gateways only', () => {
    for (const gateway of createFleet({ seed: 30, size: 20 })) {
      const reports = reportsOf(gateway, monday + 60, monday + 6 * hour, 600);
      const analysed = reports.filter((report) => `${analysis}.Result.1.Frequency` in report);
      const expected = gateway.profile.line.lineClass === 'docsis' ? 6 : 0;

      expect(analysed.length).toBeGreaterThanOrEqual(expected - 1);
      expect(analysed.length).toBeLessThanOrEqual(expected);
    }
  });

  it('should cover the upstream band, the downstream channels and unused spectrum between', () => {
    const gateways = docsisGateways();
    expect(gateways.length).toBeGreaterThan(5);
    for (const gateway of gateways) {
      const report = gateway.reportAt(monday);
      const span = numberAt(report, `${analysis}.SegmentFrequencySpan`);
      const bins = numberAt(report, `${analysis}.NumBinsPerSegment`);
      const downstream = channelsOf(report, 'Device.DOCSIS.DownstreamChannel.', 'Power');
      const upstream = channelsOf(report, 'Device.DOCSIS.UpstreamChannel.', 'Status.TxPower');
      const segments = rowsOf(report, `${analysis}.Result.`).map((row) => ({
        frequency: Number(row.get('Frequency')),
        amplitudes: String(row.get('AmplitudeData')).split(',').map(Number),
      }));
      const covers = (frequency: number) =>
        segments.some((segment) => Math.abs(segment.frequency - frequency) <= span / 2);
      const classes = segments.map(({ frequency }) =>
        channelAt(downstream, frequency)
          ? 'downstream'
          : channelAt(upstream, frequency)
            ? 'upstream'
            : 'unknown',
      );

      expect([6_000_000, 7_500_000]).toContain(span);
      expect([16, 32]).toContain(bins);
      for (const segment of segments) {
        expect(segment.amplitudes).toHaveLength(bins);
        expect(segment.amplitudes.every(Number.isInteger)).toBe(true);
      }
      for (let frequency = 5e6; frequency <= 85e6; frequency += 1e6) {
        expect(covers(frequency)).toBe(true);
      }
      for (const channel of downstream) expect(covers(channel.frequency)).toBe(true);
      expect(new Set(classes)).toEqual(new Set(['downstream', 'upstream', 'unknown']));
    }
  });

  it('should show channels as plateaus at their power and empty spectrum near -47 dBmV', () => {
    for (const gateway of docsisGateways()) {
      const report = gateway.reportAt(monday);
      const downstream = channelsOf(report, 'Device.DOCSIS.DownstreamChannel.', 'Power');
      const span = numberAt(report, `${analysis}.SegmentFrequencySpan`);
      for (const row of rowsOf(report, `${analysis}.Result.`)) {
        const frequency = Number(row.get('Frequency'));
        const dbmv = String(row.get('AmplitudeData'))
          .split(',')
          .map((hundredths) => Number(hundredths) / 100);
        const median = [...dbmv].sort((a, b) => a - b)[Math.floor(dbmv.length / 2)]!;
        const channel = channelAt(downstream, frequency);
        const edges = [frequency - span / 2, frequency + span / 2 - 1];
        const inChannels = edges.filter((edge) => channelAt(downstream, edge)).length;
        // Segments wholly within the channels' block, or wholly outside it above the upstream band.
        if (channel && inChannels === 2) {
          expect(Math.abs(median - channel.power / 10)).toBeLessThan(1.5);
        } else if (!channel && inChannels === 0 && frequency > 90e6) {
          expect(Math.min(...dbmv)).toBeGreaterThan(-55);
          expect(Math.max(...dbmv)).toBeLessThan(-40);
        }
      }
    }
  });

  it('should keep the bodies small: one analysis an hour, however often the gateway reports', () => {
    const [gateway] = docsisGateways();
    const reports = reportsOf(gateway!, monday, monday + 2 * hour - 1, 300);
    const sizes = reports.map((report) => JSON.stringify(report).length);
    const withAnalysis = reports.filter((report) => `${analysis}.Result.1.Frequency` in report);

    expect(withAnalysis).toHaveLength(2);
    expect(Math.min(...sizes)).toBeLessThan(Math.max(...sizes) * 0.8);
  });
});
