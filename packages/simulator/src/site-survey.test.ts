import { describe, expect, it } from 'vitest';
import { siteSurveyOf } from '../../../apps/server/src/ingest/snapshots';
import { createFleet, describeGateway } from './fleet';
import { Gateway } from './gateway';
import type { BulkDataReport } from './report';
import { day, hour, monday, parametersOf, reportsOf, textAt } from './test-helpers';

const hasSurvey = (report: BulkDataReport): boolean =>
  report['Device.WiFi.NeighboringWiFiDiagnostic.DiagnosticsState'] === 'Complete';

/** The survey as the collector reads it. */
const surveyOf = (report: BulkDataReport) => siteSurveyOf(parametersOf(report));

describe('the site survey', () => {
  it('should come in the first report of each hour only', () => {
    const gateway = new Gateway(describeGateway(3, 1, { behaviour: { offlineSpellsPerDay: 0 } }));
    const reports = reportsOf(gateway, monday + 120, monday + day, 300);
    const surveyed = reports.filter(hasSurvey).map((report) => report.CollectionTime);

    expect(surveyed).toHaveLength(24);
    for (const at of surveyed) {
      const previous = reports.findLast((report) => report.CollectionTime < at);
      if (previous) expect(Math.floor(previous.CollectionTime / hour)).toBeLessThan(at / hour);
    }
    // Two hours apart, every report starts an hour.
    expect(reportsOf(gateway, monday + 2 * day, monday + 3 * day, 2 * hour).every(hasSurvey)).toBe(
      true,
    );
  });

  it('should survey again in the report after its radio moved, not after a block', () => {
    const gateway = new Gateway(describeGateway(3, 1, { behaviour: { offlineSpellsPerDay: 0 } }));
    gateway.reportAt(monday + 120);
    const band = gateway.profile.radios[0]?.band ?? '2.4GHz';
    const channel = band === '2.4GHz' ? 6 : 36;
    expect(hasSurvey(gateway.reportAt(monday + 420))).toBe(false);

    const mac = gateway.profile.hosts[0]?.mac ?? '00:00:00:00:00:00';
    gateway.applyCommand({ action: 'block', parameters: { macAddress: mac } }, monday + 500);
    expect(hasSurvey(gateway.reportAt(monday + 720))).toBe(false);

    const outcome = gateway.applyCommand(
      { action: 'changeChannel', parameters: { freqBand: band, channel } },
      monday + 800,
    );
    expect(outcome).toEqual({ result: 'ACK' });
    expect(hasSurvey(gateway.reportAt(monday + 1020))).toBe(true);
    expect(hasSurvey(gateway.reportAt(monday + 1320))).toBe(false);
  });

  it('should hear 3 to 25 networks on 2.4 GHz and up to 15 on 5 GHz, as the collector reads them', () => {
    const counts = { '2.4GHz': [] as number[], '5GHz': [] as number[] };
    for (const gateway of createFleet({ seed: 21, size: 150 })) {
      const survey = surveyOf(gateway.reportAt(monday));
      for (const band of ['2.4GHz', '5GHz'] as const) {
        counts[band].push(survey.filter((entry) => entry.freqBand === band).length);
      }
      for (const entry of survey) {
        expect(entry.bssid).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
        expect(entry.rssi).toBeGreaterThanOrEqual(-95);
        expect(entry.rssi).toBeLessThanOrEqual(-30);
        expect([20, 40, 80, 160]).toContain(entry.channelBandwidth);
        expect(entry.security).toMatch(/^(None|WEP-128|WPA.*-Personal.*)$/);
      }
    }

    expect(Math.min(...counts['2.4GHz'])).toBeGreaterThanOrEqual(3);
    expect(Math.max(...counts['2.4GHz'])).toBeLessThanOrEqual(25);
    expect(Math.max(...counts['2.4GHz'])).toBeGreaterThan(20);
    expect(Math.min(...counts['5GHz'])).toBe(0);
    expect(Math.max(...counts['5GHz'])).toBeLessThanOrEqual(15);
  });

  it('should find routers on 1, 6 and 11, dual-band ones on 5 GHz too, and names of every kind', () => {
    const entries = createFleet({ seed: 22, size: 120 }).flatMap((gateway) =>
      surveyOf(gateway.reportAt(monday)),
    );
    const onTwoPointFour = entries.filter((entry) => entry.freqBand === '2.4GHz');
    const onFive = entries.filter((entry) => entry.freqBand === '5GHz');
    const raw = createFleet({ seed: 22, size: 120 }).flatMap((gateway) => {
      const report = gateway.reportAt(monday);
      return Object.keys(report)
        .filter((path) => /NeighboringWiFiDiagnostic\.Result\.\d+\.SSID$/.test(path))
        .map((path) => textAt(report, path));
    });

    const usual = onTwoPointFour.filter((entry) => [1, 6, 11].includes(entry.channel ?? 0));
    expect(usual.length / onTwoPointFour.length).toBeGreaterThan(0.85);
    expect(onFive.every((entry) => (entry.channel ?? 0) >= 36)).toBe(true);
    expect(onFive.some((entry) => entry.standard === 'a,n,ac,ax')).toBe(true);
    expect(onTwoPointFour.some((entry) => entry.standard === 'b,g,n')).toBe(true);
    // The same router on both bands: one SSID, BSSIDs one apart.
    expect(onFive.every((five) => onTwoPointFour.some((two) => two.ssid === five.ssid))).toBe(true);
    expect(raw).toContain('');
    expect(
      raw.some((ssid) => /^(Livebox-[0-9A-F]{4}|eir\d{4}|FRITZ!Box 75\d0 \w\w)$/.test(ssid)),
    ).toBe(true);
    expect(raw.some((ssid) => ssid !== ssid.trim())).toBe(true);
    expect(raw.some((ssid) => /["'’]/.test(ssid))).toBe(true);
  });

  it('should hear the same neighbours every hour, their signals drifting a little', () => {
    const gateway = new Gateway(describeGateway(5, 4, { behaviour: { offlineSpellsPerDay: 0 } }));
    const surveys = reportsOf(gateway, monday, monday + 2 * day, hour).map(surveyOf);
    const bssids = (survey: ReturnType<typeof surveyOf>) => survey.map((entry) => entry.bssid);
    const signalsOf = (bssid: string | null) =>
      surveys.map((survey) => survey.find((entry) => entry.bssid === bssid)?.rssi ?? 0);

    for (const survey of surveys) expect(bssids(survey)).toEqual(bssids(surveys[0]!));
    for (const { bssid } of surveys[0]!) {
      const signals = signalsOf(bssid);
      expect(new Set(signals).size).toBeGreaterThan(1);
      expect(Math.max(...signals) - Math.min(...signals)).toBeLessThanOrEqual(12);
    }
  });
});
