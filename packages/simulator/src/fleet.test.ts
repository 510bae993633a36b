import { describe, expect, it } from 'vitest';
import { locationOf } from '../../../apps/server/src/ingest/snapshots';
import { cities } from './catalog';
import { createFleet, describeGateway } from './fleet';
import { day, monday, parametersOf, textAt } from './test-helpers';

describe(createFleet.name, () => {
  it('should describe the same fleet for the same seed', () => {
    const profiles = (seed: number) => createFleet({ seed, size: 20 }).map((g) => g.profile);

    expect(profiles(42)).toEqual(profiles(42));
  });

  it('should describe different fleets for different seeds', () => {
    const serials = (seed: number) => createFleet({ seed, size: 20 }).map((g) => g.serialNumber);

    expect(serials(1)).not.toEqual(serials(2));
  });

  it('should keep gateway i the same whatever the size of the fleet', () => {
    const small = createFleet({ seed: 9, size: 3 });
    const large = createFleet({ seed: 9, size: 30 });

    expect(large.slice(0, 3).map((g) => g.profile)).toEqual(small.map((g) => g.profile));
  });

  it('should give every home 5 to 30 hosts with distinct MACs, on WiFi or ethernet', () => {
    const fleet = createFleet({ seed: 3, size: 200 });
    const counts = fleet.map((g) => g.profile.hosts.length);

    expect(Math.min(...counts)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...counts)).toBeLessThanOrEqual(30);
    for (const { profile } of fleet) {
      expect(new Set(profile.hosts.map((host) => host.mac)).size).toBe(profile.hosts.length);
    }
    const connections = fleet.flatMap((g) =>
      g.profile.hosts.map((host) =>
        host.connection.medium === 'wifi' ? host.connection.band : 'ethernet',
      ),
    );
    expect(new Set(connections)).toEqual(new Set(['2.4GHz', '5GHz', 'ethernet']));
  });

  it('should mix DSL, DOCSIS and fibre lines about half, a third and a fifth', () => {
    const fleet = createFleet({ seed: 5, size: 600 });
    const share = (lineClass: string): number =>
      fleet.filter((g) => g.profile.line.lineClass === lineClass).length / fleet.length;

    expect(share('dsl')).toBeGreaterThan(0.42);
    expect(share('dsl')).toBeLessThan(0.58);
    expect(share('docsis')).toBeGreaterThan(0.23);
    expect(share('docsis')).toBeLessThan(0.37);
    expect(share('fibre')).toBeGreaterThan(0.14);
    expect(share('fibre')).toBeLessThan(0.26);
    const models = new Set(fleet.map((g) => g.profile.model.name));
    for (const model of ['SR400', 'XG6846', 'CM8200', 'ONT-G240']) expect(models).toContain(model);
  });

  it('should give each gateway of a fleet its own MAC and serial number', () => {
    const fleet = createFleet({ seed: 11, size: 500 });

    expect(new Set(fleet.map((g) => g.profile.macAddress)).size).toBe(500);
    expect(new Set(fleet.map((g) => g.serialNumber)).size).toBe(500);
  });

  it('should name hosts as people and vendors do', () => {
    const names = createFleet({ seed: 8, size: 100 }).flatMap((g) =>
      g.profile.hosts.map((host) => host.hostName),
    );

    expect(names.some((name) => /^[A-Z][a-z]+s-iPhone$/.test(name))).toBe(true);
    expect(names.some((name) => /^(DESKTOP|LAPTOP)-[A-Z0-9]{7}$/.test(name))).toBe(true);
    expect(names.every((name) => /^[\x21-\x7e]+$/.test(name))).toBe(true);
  });
});

describe('what a gateway says about itself', () => {
  it('should give about 70% of gateways a fixed position near a city, as GeoJSON', () => {
    const fleet = createFleet({ seed: 14, size: 300 });
    const located = fleet.filter((gateway) => gateway.profile.location !== null);

    expect(located.length / fleet.length).toBeGreaterThan(0.62);
    expect(located.length / fleet.length).toBeLessThan(0.78);
    for (const gateway of fleet.slice(0, 40)) {
      const first = gateway.reportAt(monday);
      const later = gateway.reportAt(monday + 3 * day);
      const location = locationOf(parametersOf(first));
      if (!gateway.profile.location) {
        expect(location).toBeNull();
        continue;
      }
      // RFC 7946: longitude first.
      expect(JSON.parse(textAt(first, 'Device.DeviceInfo.Location.1.DataObject'))).toEqual({
        type: 'Point',
        coordinates: [gateway.profile.location.longitude, gateway.profile.location.latitude],
      });
      expect(first['Device.DeviceInfo.Location.1.Source']).toBe('External');
      expect(textAt(first, 'Device.DeviceInfo.Location.1.AcquiredTime')).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
      );
      expect(locationOf(parametersOf(later))).toEqual(location);
      const nearest = Math.min(
        ...cities.map((city) =>
          Math.hypot(city.latitude - location!.latitude, city.longitude - location!.longitude),
        ),
      );
      expect(nearest).toBeLessThan(0.4);
    }
  });

  it("should name its agent's version and build in every report; about 1 in 10 runs OpenWrt's", () => {
    const fleet = createFleet({ seed: 15, size: 400 });
    const wrt = fleet.filter((gateway) => gateway.profile.agent.clientVersion.includes('WRT'));

    expect(wrt.length / fleet.length).toBeGreaterThan(0.05);
    expect(wrt.length / fleet.length).toBeLessThan(0.16);
    for (const gateway of fleet.slice(0, 20)) {
      for (const at of [monday, monday + day]) {
        const report = gateway.reportAt(at);
        expect(report['Device.DeviceInfo.X_LINESIGHT_ClientVersion']).toBe(
          gateway.profile.agent.clientVersion,
        );
        expect(report['Device.DeviceInfo.X_LINESIGHT_BuildIdentifier']).toMatch(
          /^b20\d\d\.\d\d\.\d\d-[0-9a-f]{6}$/,
        );
      }
    }
  });
});

describe(describeGateway.name, () => {
  it('should take the fleet options for behaviour and time zone', () => {
    const profile = describeGateway(1, 0, { utcOffsetHours: 2, behaviour: { rebootsPerDay: 3 } });

    expect(profile.utcOffsetHours).toBe(2);
    expect(profile.behaviour.rebootsPerDay).toBe(3);
    expect(profile.behaviour.offlineSpellsPerDay).toBeGreaterThan(0);
  });
});
