import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFleet, describeGateway, type FleetOptions } from './fleet';
import { Gateway } from './gateway';
import type { BehaviourRates } from './profile';
import type { BulkDataReport, ParameterTree, ParameterValue } from './report';

/** 2026-01-05, a Monday, 00:00 UTC. */
const monday = Date.UTC(2026, 0, 5) / 1000;
const hour = 3600;
const day = 86_400;

/** The reports a gateway sends from `from` to `to` every `step` seconds, skipping offline times. */
function reportsOf(gateway: Gateway, from: number, to: number, step: number): BulkDataReport[] {
  const reports: BulkDataReport[] = [];
  for (let time = from; time <= to; time += step) {
    if (gateway.isOnlineAt(time)) reports.push(gateway.reportAt(time));
  }
  return reports;
}

function fleetOf(options: Partial<FleetOptions> & { behaviour?: Partial<BehaviourRates> }) {
  return createFleet({ seed: 17, size: 12, ...options });
}

function numberAt(report: BulkDataReport, path: string): number {
  const value = report[path];
  if (typeof value !== 'number') throw new Error(`${path} is ${JSON.stringify(value)}`);
  return value;
}

function entries(report: BulkDataReport): [string, ParameterValue][] {
  return Object.entries(report).filter(
    (entry): entry is [string, ParameterValue] => typeof entry[1] !== 'object',
  );
}

const standardPaths = new Set(
  readFileSync(new URL('./fixtures/tr-181-2-17-0-paths.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('Device.')),
);
const documentedVendorNames = new Set(
  readFileSync(new URL('../../../docs/reporting-protocol.md', import.meta.url), 'utf8').match(
    /X_LINESIGHT_\w+/g,
  ),
);
const verdicts = new Map<string, boolean>();

/** A standard TR-181 2.17 path (instances as `{i}`), or a documented vendor parameter of one. */
function isAllowedPath(path: string): boolean {
  const known = verdicts.get(path);
  if (known !== undefined) return known;
  const generic = path.replace(/\.\d+(?=\.)/g, '.{i}');
  const name = generic.slice(generic.lastIndexOf('.') + 1);
  const parent = generic.slice(0, generic.lastIndexOf('.') + 1);
  const allowed =
    standardPaths.has(generic) ||
    (name.startsWith('X_LINESIGHT_') &&
      documentedVendorNames.has(name) &&
      [...standardPaths].some((standard) => standard.startsWith(parent)));
  verdicts.set(path, allowed);
  return allowed;
}

/** Cumulative counters: they may only go down across a reboot or a counter wrap. */
const counterPattern =
  /(WANStats\.Bytes|X_LINESIGHT_Rtx|X_LINESIGHT_Retrains|Stats\.Total\.|SignalQuality\.Ext|Timeouts$)/;

describe(Gateway.name, () => {
  describe('reportAt', () => {
    it('should give identical reports for the same seed and times', () => {
      const run = () => fleetOf({}).map((gateway) => reportsOf(gateway, monday, monday + day, 300));

      expect(run()).toEqual(run());
    });

    it('should give different reports for different seeds', () => {
      const first = (seed: number) => createFleet({ seed, size: 1 })[0]?.reportAt(monday);

      expect(first(1)).not.toEqual(first(2));
    });

    it('should emit only standard TR-181 paths and documented X_LINESIGHT_ ones', () => {
      const unknown = new Set<string>();
      for (const gateway of createFleet({ seed: 4, size: 40 })) {
        for (const report of reportsOf(gateway, monday, monday + day, 4 * hour)) {
          for (const [path] of entries(report)) {
            if (path !== 'CollectionTime' && !isAllowedPath(path)) unknown.add(path);
          }
        }
      }

      expect([...unknown]).toEqual([]);
    });

    it('should name its reporting interval and its WAN and LAN addresses', () => {
      const gateway = createFleet({ seed: 3, size: 1 })[0]!;
      const live = gateway.reportAt(monday);
      const backfilled = gateway.reportAt(monday + 7200, 7200);

      expect(live['Device.BulkData.Profile.1.ReportingInterval']).toBe(300);
      expect(backfilled['Device.BulkData.Profile.1.ReportingInterval']).toBe(7200);
      expect(live['Device.IP.Interface.1.IPv4Address.1.IPAddress']).toMatch(
        /^(?!10\.|192\.168\.)\d+\.\d+\.\d+\.\d+$/,
      );
      expect(live['Device.IP.Interface.2.IPv4Address.1.IPAddress']).toBe(
        `${gateway.profile.lanPrefix}.1`,
      );
    });

    it('should keep counters growing except across a reboot or a 32-bit wrap', () => {
      const decreases: string[] = [];
      for (const gateway of fleetOf({ behaviour: { rebootsPerDay: 1 } })) {
        const reports = reportsOf(gateway, monday, monday + 3 * day, 300);
        reports.slice(1).forEach((report, index) => {
          const previous = reports[index];
          if (!previous) return;
          const rebooted =
            numberAt(report, 'Device.DeviceInfo.UpTime') <
            numberAt(previous, 'Device.DeviceInfo.UpTime');
          for (const [path, value] of entries(report)) {
            const before = previous[path];
            if (!counterPattern.test(path) || typeof before !== 'number') continue;
            const wrapped =
              gateway.profile.firmware.hostCounterBits === 32 && path.includes('WANStats');
            if (Number(value) < before && !rebooted && !wrapped) {
              decreases.push(`${gateway.serialNumber} ${path}: ${before} → ${String(value)}`);
            }
          }
        });
      }

      expect(decreases).toEqual([]);
    });

    it('should wrap host counters at 2^32 on firmware that keeps them in 32 bits', () => {
      const gateway = createFleet({ seed: 2, size: 300, behaviour: { rebootsPerDay: 0 } }).find(
        (candidate) => candidate.profile.firmware.hostCounterBits === 32,
      );
      const reports = reportsOf(gateway!, monday, monday + 2 * day, 900);
      const counters = reports.flatMap((report) =>
        entries(report).filter(([path]) => path.endsWith('WANStats.BytesReceived')),
      );
      const wraps = reports.slice(1).filter((report, index) =>
        entries(report).some(([path, value]) => {
          const before = reports[index]![path];
          return path.endsWith('WANStats.BytesReceived') && Number(value) < Number(before);
        }),
      );

      expect(counters.every(([, value]) => Number(value) < 2 ** 32)).toBe(true);
      expect(wraps.length).toBeGreaterThan(0);
    });

    it('should report readings within what the hardware reports', () => {
      const fleet = fleetOf({});
      const hottest: number[] = [];
      for (const gateway of fleet) {
        for (const report of reportsOf(gateway, monday, monday + 2 * day, 900)) {
          for (const [path, value] of entries(report)) {
            if (path.endsWith('.SignalStrength')) {
              // A site survey hears networks fainter than any host would stay associated at.
              const floor = path.includes('NeighboringWiFiDiagnostic') ? -95 : -90;
              expect(value).toBeGreaterThanOrEqual(floor);
              expect(value).toBeLessThanOrEqual(-30);
            }
            if (path.endsWith('.CPUUsage')) expect(value).toBeLessThanOrEqual(100);
            if (path.endsWith('Radio.1.Channel')) expect([1, 6, 11]).toContain(value);
            if (path.endsWith('Radio.2.Channel')) {
              expect(value).toBeGreaterThanOrEqual(36);
              expect(value).toBeLessThanOrEqual(161);
            }
            if (path.endsWith('TemperatureSensor.1.Value')) hottest.push(Number(value));
          }
          expect(numberAt(report, 'Device.DeviceInfo.MemoryStatus.Free')).toBeLessThan(
            numberAt(report, 'Device.DeviceInfo.MemoryStatus.Total'),
          );
        }
      }
      const meanTemperature = hottest.reduce((sum, value) => sum + value, 0) / hottest.length;

      expect(meanTemperature).toBeGreaterThan(45);
      expect(meanTemperature).toBeLessThan(65);
    });

    it('should report a sensor without a reading as -274 now and then', () => {
      const values = fleetOf({}).flatMap((gateway) =>
        reportsOf(gateway, monday, monday + day, 900).flatMap((report) =>
          entries(report)
            .filter(([path]) => path.endsWith('TemperatureSensor.2.Value'))
            .map(([, value]) => value),
        ),
      );

      expect(values).toContain(-274);
      expect(values.filter((value) => value === -274).length).toBeLessThan(values.length / 5);
    });

    it('should restart UpTime and counters at a reboot', () => {
      const [gateway] = fleetOf({ size: 1, behaviour: { rebootsPerDay: 4 } });
      const reports = reportsOf(gateway!, monday, monday + 2 * day, 300);
      const bytes = (report: BulkDataReport): number =>
        entries(report)
          .filter(([path]) => path.endsWith('WANStats.BytesReceived'))
          .reduce((sum, [, value]) => sum + Number(value), 0);
      const reboots = reports.slice(1).filter((report, index) => {
        const previous = reports[index]!;
        return (
          numberAt(report, 'Device.DeviceInfo.UpTime') <
          numberAt(previous, 'Device.DeviceInfo.UpTime')
        );
      });

      expect(reboots.length).toBeGreaterThan(2);
      for (const report of reboots) {
        const index = reports.indexOf(report);
        expect(numberAt(report, 'Device.DeviceInfo.UpTime')).toBeLessThanOrEqual(300 + 4 * hour);
        expect(bytes(report)).toBeLessThan(bytes(reports[index - 1]!));
      }
    });

    it('should place reboots at the same moments however often it is asked', () => {
      const behaviour = { rebootsPerDay: 2 };
      const often = new Gateway(describeGateway(23, 0, { behaviour }));
      const seldom = new Gateway(describeGateway(23, 0, { behaviour }));
      const frequent = new Map(
        reportsOf(often, monday, monday + 4 * day, 300).map((report) => [
          report.CollectionTime,
          report['Device.DeviceInfo.UpTime'],
        ]),
      );

      for (const report of reportsOf(seldom, monday, monday + 4 * day, 7200)) {
        expect(report['Device.DeviceInfo.UpTime']).toBe(frequent.get(report.CollectionTime));
      }
    });

    it('should carry more traffic in the evening than at night, and more at weekends', () => {
      const byHour = new Array<number>(24).fill(0);
      const byWeekday = new Array<number>(7).fill(0);
      for (const gateway of createFleet({ seed: 6, size: 25, behaviour: { rebootsPerDay: 0 } })) {
        const reports = reportsOf(gateway, monday, monday + 7 * day, 900);
        reports.slice(1).forEach((report, index) => {
          const previous = reports[index]!;
          let received = 0;
          for (const [path, value] of entries(report)) {
            const before = previous[path];
            if (path.endsWith('WANStats.BytesReceived') && typeof before === 'number') {
              received += Math.max(0, Number(value) - before);
            }
          }
          const time = new Date(report.CollectionTime * 1000);
          byHour[time.getUTCHours()]! += received;
          byWeekday[time.getUTCDay()]! += received;
        });
      }
      const weekdayMean = byWeekday.slice(1, 6).reduce((sum, bytes) => sum + bytes, 0) / 5;
      const weekendMean = (byWeekday[0]! + byWeekday[6]!) / 2;

      expect(byHour[21]!).toBeGreaterThan(4 * byHour[4]!);
      expect(weekendMean).toBeGreaterThan(weekdayMean);
    });

    it('should let phones and laptops leave on weekdays and come back in the evening', () => {
      let awayAtNoon = 0;
      let homeAtNine = 0;
      let samples = 0;
      for (const gateway of fleetOf({})) {
        const leavers = gateway.profile.hosts.filter((h) => h.presence === 'leaves-for-the-day');
        for (let weekday = 0; weekday < 5; weekday += 1) {
          const noon = gateway.reportAt(monday + weekday * day + 12 * hour);
          const nine = gateway.reportAt(monday + weekday * day + 21 * hour);
          for (const host of leavers) {
            const active = `Device.Hosts.Host.${host.instance}.Active`;
            samples += 1;
            if (noon[active] !== true) awayAtNoon += 1;
            if (nine[active] === true) homeAtNine += 1;
          }
        }
      }

      expect(awayAtNoon / samples).toBeGreaterThan(0.5);
      expect(homeAtNine / samples).toBeGreaterThan(0.8);
    });

    it('should say the same in ObjectHierarchy as in NameValuePair', () => {
      const profile = describeGateway(31, 2);
      const pairs = new Gateway(profile).reportAt(monday);
      const hierarchy = new Gateway(profile, { encoding: 'ObjectHierarchy' }).reportAt(monday);
      const flatten = (tree: ParameterTree, prefix = ''): [string, ParameterValue][] =>
        Object.entries(tree).flatMap(([name, value]) =>
          typeof value === 'object'
            ? flatten(value, `${prefix}${name}.`)
            : [[prefix + name, value]],
        );

      expect(Object.keys(hierarchy)).toEqual(['CollectionTime', 'Device']);
      expect(Object.fromEntries(flatten(hierarchy))).toEqual(pairs);
    });

    it('should refuse to report before its previous report', () => {
      const gateway = new Gateway(describeGateway(1, 0));
      gateway.reportAt(monday + hour);

      expect(() => gateway.reportAt(monday)).toThrow(RangeError);
    });
  });

  describe('isOnlineAt', () => {
    it('should go offline now and then, for 10 minutes to 4 hours at a time', () => {
      const spells: number[] = [];
      for (const gateway of fleetOf({ size: 4, behaviour: { offlineSpellsPerDay: 3 } })) {
        let offlineSince: number | null = null;
        for (let time = monday; time <= monday + 5 * day; time += 60) {
          const online = gateway.isOnlineAt(time);
          if (!online && offlineSince === null) offlineSince = time;
          if (online && offlineSince !== null) {
            spells.push(time - offlineSince);
            offlineSince = null;
          }
        }
      }

      expect(spells.length).toBeGreaterThan(10);
      expect(Math.min(...spells)).toBeGreaterThanOrEqual(600 - 60);
      expect(Math.max(...spells)).toBeLessThanOrEqual(8 * hour);
    });
  });
});
