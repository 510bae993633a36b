import type { HostReading, HostReadings, hostState } from '../db/schema';

/** A `host_state` row: what describes a LAN host. */
export type HostStateRecord = typeof hostState.$inferSelect;

/**
 * A LAN host as the collector and the summary see it: its `host_state` row (what describes it)
 * with its latest reading from `gateway_state.host_readings` (what changes with every report).
 * Kept apart in the store so that a report rewrites one value per gateway, not a row per host.
 */
export interface LanHost extends HostStateRecord {
  signalDbm: number | null;
  downlinkKbps: number | null;
  uplinkKbps: number | null;
  /** Cumulative counters as last reported; the next report's deltas are taken from them. */
  bytesSentCounter: number | null;
  bytesReceivedCounter: number | null;
  countersAt: Date | null;
  lastOnlineAt: Date | null;
  /** The newest report that listed the host. */
  reportedAt: Date;
}

const dateOf = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** The line's hosts, each row with its reading. */
export function lanHostsOf(rows: readonly HostStateRecord[], readings: HostReadings): LanHost[] {
  return rows.map((row) => {
    const reading = readings[row.mac];
    return {
      lineId: row.lineId,
      mac: row.mac,
      hostName: row.hostName,
      connectionType: row.connectionType,
      active: row.active,
      blocked: row.blocked,
      ipv4Addresses: row.ipv4Addresses,
      ipv6Addresses: row.ipv6Addresses,
      wifiBand: row.wifiBand,
      wifiStandard: row.wifiStandard,
      wifiNetwork: row.wifiNetwork,
      firstConnectedAt: row.firstConnectedAt,
      signalDbm: reading?.signalDbm ?? null,
      downlinkKbps: reading?.downlinkKbps ?? null,
      uplinkKbps: reading?.uplinkKbps ?? null,
      bytesSentCounter: reading?.bytesSentCounter ?? null,
      bytesReceivedCounter: reading?.bytesReceivedCounter ?? null,
      countersAt: dateOf(reading?.countersAt ?? null),
      lastOnlineAt: dateOf(reading?.lastOnlineAt ?? null),
      reportedAt: reading ? new Date(reading.reportedAt) : row.firstConnectedAt,
    };
  });
}

/** What a host's latest report said that changes with every report. */
export function readingOf(host: LanHost): HostReading {
  return {
    signalDbm: host.signalDbm,
    downlinkKbps: host.downlinkKbps,
    uplinkKbps: host.uplinkKbps,
    bytesSentCounter: host.bytesSentCounter,
    bytesReceivedCounter: host.bytesReceivedCounter,
    countersAt: host.countersAt?.getTime() ?? null,
    lastOnlineAt: host.lastOnlineAt?.getTime() ?? null,
    reportedAt: host.reportedAt.getTime(),
  };
}

/** A host's `host_state` row. */
export function descriptionOf(host: LanHost): HostStateRecord {
  return {
    lineId: host.lineId,
    mac: host.mac,
    hostName: host.hostName,
    connectionType: host.connectionType,
    active: host.active,
    blocked: host.blocked,
    ipv4Addresses: host.ipv4Addresses,
    ipv6Addresses: host.ipv6Addresses,
    wifiBand: host.wifiBand,
    wifiStandard: host.wifiStandard,
    wifiNetwork: host.wifiNetwork,
    firstConnectedAt: host.firstConnectedAt,
  };
}

/** Whether two rows of one host describe it alike: when they do, the row is not written. */
export function describedAlike(a: HostStateRecord, b: HostStateRecord): boolean {
  return (
    a.hostName === b.hostName &&
    a.connectionType === b.connectionType &&
    a.active === b.active &&
    a.blocked === b.blocked &&
    a.ipv4Addresses.join() === b.ipv4Addresses.join() &&
    a.ipv6Addresses.join() === b.ipv6Addresses.join() &&
    a.wifiBand === b.wifiBand &&
    a.wifiStandard === b.wifiStandard &&
    a.wifiNetwork === b.wifiNetwork &&
    a.firstConnectedAt.getTime() === b.firstConnectedAt.getTime()
  );
}
