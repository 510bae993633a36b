import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet';
import type { BulkDataReport } from './report';
import { day, hour, monday, numberAt, reportsOf, textAt } from './test-helpers';

const line = 'Device.DSL.Line.1';
const channel = 'Device.DSL.Channel.1';
const total = `${channel}.Stats.Total`;

function dslFleet() {
  return createFleet({ seed: 12, size: 60, behaviour: { rebootsPerDay: 0 } }).filter(
    (gateway) => gateway.profile.line.lineClass === 'dsl',
  );
}

describe('the DSL line', () => {
  it('should report its state: full power, trellis, PTM on VDSL2 and ATM on ADSL', () => {
    const encapsulations = new Set<string>();
    for (const gateway of dslFleet()) {
      const report = gateway.reportAt(monday);
      const standard = textAt(report, `${line}.StandardUsed`);
      const encapsulation = textAt(report, `${channel}.LinkEncapsulationUsed`);
      encapsulations.add(encapsulation);

      expect(encapsulation).toBe(
        standard.startsWith('G.993.2') ? 'G.993.2_Annex_K_PTM' : 'G.992.3_Annex_K_ATM',
      );
      expect(report[`${line}.PowerManagementState`]).toBe('L0');
      expect(report[`${line}.TRELLISds`]).toBe(1);
      expect(report[`${line}.TRELLISus`]).toBe(1);
    }
    expect(encapsulations.size).toBe(2);
  });

  it('should count errors in believable proportions, upstream far fewer than downstream', () => {
    for (const gateway of dslFleet()) {
      const report = gateway.reportAt(monday + 3 * day);
      const count = (name: string): number => numberAt(report, name);
      const atm = textAt(report, `${channel}.LinkEncapsulationUsed`).endsWith('ATM');

      // Reed-Solomon corrects most; G.INP retransmits fewer; fewer still stay uncorrected.
      expect(count(`${total}.XTURFECErrors`)).toBeGreaterThan(
        count(`${channel}.X_LINESIGHT_RtxCds`),
      );
      expect(count(`${channel}.X_LINESIGHT_RtxCds`)).toBeGreaterThan(
        count(`${channel}.X_LINESIGHT_RtxUCds`),
      );
      expect(count(`${total}.XTURCRCErrors`)).toBeGreaterThanOrEqual(
        count(`${channel}.X_LINESIGHT_RtxUCds`),
      );
      expect(count(`${channel}.X_LINESIGHT_RtxCus`)).toBeLessThan(
        count(`${channel}.X_LINESIGHT_RtxCds`) / 3,
      );
      expect(count(`${total}.XTUCFECErrors`)).toBeLessThan(count(`${total}.XTURFECErrors`));
      expect(count(`${channel}.X_LINESIGHT_RtxUCus`)).toBeLessThanOrEqual(
        count(`${channel}.X_LINESIGHT_RtxCus`),
      );
      // Only ATM cells have headers to spoil.
      if (atm) {
        expect(count(`${total}.XTURHECErrors`)).toBeGreaterThanOrEqual(
          count(`${total}.XTURCRCErrors`),
        );
      } else {
        expect(count(`${total}.XTURHECErrors`)).toBe(0);
        expect(count(`${total}.XTUCHECErrors`)).toBe(0);
      }
      // Errored seconds: fewer than CRC errors (they come in bursts), never more than uptime.
      const errored = count(`${line}.Stats.Total.ErroredSecs`);
      const severe = count(`${line}.Stats.Total.SeverelyErroredSecs`);
      expect(severe).toBeLessThanOrEqual(errored);
      expect(errored).toBeLessThan(count('Device.DeviceInfo.UpTime'));
    }
  });

  it('should err more in the evening, when the crosstalk rises, and on lines with less margin', () => {
    const growth = (reports: BulkDataReport[], path: string, fromHour: number, toHour: number) =>
      reports.slice(1).reduce((sum, report, index) => {
        const localHour = new Date(report.CollectionTime * 1000).getUTCHours();
        const before = reports[index]!;
        return localHour > fromHour && localHour <= toHour
          ? sum + numberAt(report, path) - numberAt(before, path)
          : sum;
      }, 0);
    let evening = 0;
    let night = 0;
    const perDay: { margin: number; errored: number }[] = [];
    for (const gateway of dslFleet()) {
      const reports = reportsOf(gateway, monday, monday + 2 * day, hour);
      evening += growth(reports, `${channel}.X_LINESIGHT_RtxCds`, 19, 23);
      night += growth(reports, `${channel}.X_LINESIGHT_RtxCds`, 2, 6);
      if (gateway.profile.line.lineClass === 'dsl') {
        perDay.push({
          margin: gateway.profile.line.downstreamMargin,
          errored: numberAt(reports.at(-1)!, `${line}.Stats.Total.ErroredSecs`),
        });
      }
    }
    perDay.sort((a, b) => a.margin - b.margin);
    const half = Math.floor(perDay.length / 2);
    const mean = (rows: typeof perDay) =>
      rows.reduce((sum, row) => sum + row.errored, 0) / rows.length;

    expect(evening).toBeGreaterThan(2 * night);
    expect(mean(perDay.slice(0, half))).toBeGreaterThan(mean(perDay.slice(half)));
  });

  it('should keep counting across a retrain and count its severely errored seconds', () => {
    const [gateway] = createFleet({
      seed: 12,
      size: 60,
      behaviour: { rebootsPerDay: 0, offlineSpellsPerDay: 0, dslRetrainsPerDay: 6 },
    }).filter((candidate) => candidate.profile.line.lineClass === 'dsl');
    const reports = reportsOf(gateway!, monday, monday + day, 900);
    const retrained = reports.slice(1).filter((report, index) => {
      const before = reports[index]!;
      return (
        numberAt(report, `${line}.X_LINESIGHT_Retrains`) >
        numberAt(before, `${line}.X_LINESIGHT_Retrains`)
      );
    });

    expect(retrained.length).toBeGreaterThan(0);
    for (const report of retrained) {
      const before = reports[reports.indexOf(report) - 1]!;
      const severe = `${line}.Stats.Total.SeverelyErroredSecs`;
      expect(numberAt(report, severe)).toBeGreaterThan(numberAt(before, severe));
      expect(numberAt(report, `${channel}.X_LINESIGHT_RtxCds`)).toBeGreaterThanOrEqual(
        numberAt(before, `${channel}.X_LINESIGHT_RtxCds`),
      );
    }
  });
});
