/**
 * The simulated households every spec shares: the end-to-end server provisions these lines,
 * plays their gateways with the simulator through the real reporting URLs and command channel,
 * and opens for the specs only once each reporting line has its history (e2e-fleet.ts).
 *
 * Each line names what a spec may assert about it. The facts come from the simulator's own
 * description of the gateway (the same seed always makes the same household), so a spec checks
 * the screen against what the gateway reported, not against a number copied here.
 */
import { apiPaths, type DeviceLine, sessionTokenHeader } from '@linesight/contract';
import { describeGateway, type GatewayProfile } from '@linesight/simulator';
import { type APIRequestContext, expect } from '@playwright/test';
import { accounts, consumerSession } from './e2e-settings';
import { sharedStaffSession } from './sign-in';

/** The simulator fleet seed whose first gateways give one line of each kind the specs need. */
export const fleetSeed = 743;
/**
 * Live gateways report this often, so that a command's effect (a blocked host) shows in a spec
 * within seconds: a real gateway's 300 s would outlast any test.
 */
export const fleetReportingSeconds = 10;
/** History each live gateway sends before the specs start, at the reporting interval. */
export const fleetBackfillHours = 1;
/** Steady gateways: no spontaneous reboot or offline spell may surprise a spec. */
export const fleetBehaviour = { rebootsPerDay: 0, offlineSpellsPerDay: 0 } as const;

export interface FleetHost {
  macAddress: string;
  hostName: string;
  manufacturer: string;
  connection: 'wifi' | 'ethernet';
  /** The WiFi band of a WiFi host. */
  band: '2.4GHz' | '5GHz' | null;
}

export interface FleetLine {
  lineOfServiceCode: string;
  subscriberCode: string;
  subscriberName: string;
}

/** A line whose gateway is one of the simulator fleet's. */
export interface SimulatedLine extends FleetLine {
  /** The gateway's index in the fleet of `fleetSeed`. */
  fleetIndex: number;
  /** The device type the gateway reports (its model name), e.g. SR400. */
  deviceType: string;
  lineClass: 'dsl' | 'docsis' | 'fibre';
  /** The device identifier: the gateway's serial number. */
  serialNumber: string;
  macAddress: string;
  /** Every LAN host the gateway reports, online or not, in its report's order. */
  hosts: readonly FleetHost[];
  /** Whether the gateway's agent carries out block/unblock (the OpenWrt-based one cannot). */
  supportsBlocking: boolean;
}

/** How a simulated line's gateway behaves once the fleet runs. */
export type GatewayRole =
  /** Backfills its history, then reports live and carries out every command. */
  | 'live'
  /** Reports live from the start and refuses every command (NAK, "busy"). */
  | 'refusing'
  /** Sent a few reports hours ago, then nothing: the gateway is offline. */
  | 'offline'
  /**
   * Reboots about once an hour (the simulator's schedule at `rebootingBehaviour`): its last
   * hours are sent at 15-minute spacing when the server starts, then it reports live.
   */
  | 'rebooting';

function simulatedLine(
  line: FleetLine & { fleetIndex: number; role: GatewayRole },
): SimulatedLine & { role: GatewayRole } {
  const profile = fleetGatewayProfile(line.fleetIndex, line.role);
  return {
    ...line,
    deviceType: profile.model.name,
    lineClass: profile.model.lineClass,
    serialNumber: profile.serialNumber,
    macAddress: profile.macAddress,
    hosts: profile.hosts.map((host) => ({
      macAddress: host.mac,
      hostName: host.hostName,
      manufacturer: host.manufacturer,
      connection: host.connection.medium,
      band: host.connection.medium === 'wifi' ? host.connection.band : null,
    })),
    supportsBlocking: !profile.agent.clientVersion.includes('WRT'),
  };
}

/** The rebooting line's gateway: a reboot in every hour of the simulator's schedule. */
export const rebootingBehaviour = { rebootsPerDay: 24, offlineSpellsPerDay: 0 } as const;

/** The simulator's description of gateway `fleetIndex` as the fleet plays it. */
export function fleetGatewayProfile(fleetIndex: number, role?: GatewayRole): GatewayProfile {
  return describeGateway(fleetSeed, fleetIndex, {
    behaviour: role === 'rebooting' ? rebootingBehaviour : fleetBehaviour,
  });
}

/** Connie Consumer's household (consumerSession): a DSL line and a fibre line. */
export const consumerSubscriber = {
  subscriberCode: 'FLEET-SUB-CONNIE',
  subscriberName: consumerSession.user.name,
} as const;

/** Thirty LAN hosts (27 on WiFi), fibre, blocking supported: the busy household. */
export const busyLine = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-BUSY',
  subscriberCode: 'FLEET-SUB-BUSY',
  subscriberName: 'Olivia Hartmann',
  fleetIndex: 2,
  role: 'live',
});

/** An XG6846 on VDSL, five hosts; the consumer's first line. */
export const dslLine = simulatedLine({
  lineOfServiceCode: consumerSession.user.linesOfService[0],
  ...consumerSubscriber,
  fleetIndex: 1,
  role: 'live',
});

/** A DOCSIS cable modem (CGA4233), eleven hosts. */
export const docsisLine = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-DOCSIS',
  subscriberCode: 'FLEET-SUB-DOCSIS',
  subscriberName: 'Dora Kowalski',
  fleetIndex: 4,
  role: 'live',
});

/** A fibre ONT (ONT-G240), nineteen hosts; the consumer's second line. */
export const fibreLine = simulatedLine({
  lineOfServiceCode: consumerSession.user.linesOfService[1],
  ...consumerSubscriber,
  fleetIndex: 0,
  role: 'live',
});

/** An SR400 on DSL (the device type with the bandwidth warning), ten hosts. */
export const sr400Line = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-SR400',
  subscriberCode: 'FLEET-SUB-SR400',
  subscriberName: 'Samir Haddad',
  fleetIndex: 3,
  role: 'live',
});

/** A DOCSIS gateway on the OpenWrt-based agent: it reports, but cannot block a host. */
export const noBlockingLine = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-WRT',
  subscriberCode: 'FLEET-SUB-WRT',
  subscriberName: 'Wendy Okafor',
  fleetIndex: 7,
  role: 'live',
});

/**
 * Reports live, and answers every command with NAK ("busy"): a failed block. Its household has
 * WiFi hosts present at every hour (TV, plugs, camera), so a spec finds one to block whenever it
 * runs; it reports live only, and a host away all day would not be known.
 */
export const refusingLine = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-REFUSING',
  subscriberCode: 'FLEET-SUB-REFUSING',
  subscriberName: 'Rafael Moreau',
  fleetIndex: 8,
  role: 'refusing',
});

/**
 * An SR400 that reported for an hour, from three hours ago to two hours ago, then stopped:
 * the portal has its devices and history, and shows it offline.
 */
export const offlineLine = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-OFFLINE',
  subscriberCode: 'FLEET-SUB-OFFLINE',
  subscriberName: 'Otto Lindqvist',
  fleetIndex: 5,
  role: 'offline',
});
/** When the offline line's reports run, in hours before the server started. */
export const offlineReportHours = { from: 3, to: 2 } as const;

/**
 * The uptime report's most frequent rebooter: its gateway rebooted about once an hour in the
 * `rebootingHistoryHours` sent before the server opened (so the uptime report lists it first,
 * with several reboots), and reports live since. The QoE job has scored that history.
 */
export const rebootingLine = simulatedLine({
  lineOfServiceCode: 'FLEET-LOS-REBOOTS',
  subscriberCode: 'FLEET-SUB-REBOOTS',
  subscriberName: 'Rhea Bauer',
  fleetIndex: 6,
  role: 'rebooting',
});
/** How much of the rebooting line's history is sent before the server opens. */
export const rebootingHistoryHours = 6;

/** A line whose gateway speaks TR-069 to the line's ACS URL rather than Bulk Data. */
export interface CwmpLine extends SimulatedLine {
  dataModel: 'tr181' | 'tr098';
  /** Faults on demand: each RPC named is answered with that CWMP fault code. */
  faults: Partial<Record<'AddObject', number>>;
}

/**
 * An XG6846 on DSL with thirteen hosts, speaking TR-069 with the TR-181 data model: it moves its
 * radios when told, and refuses every firewall rule (AddObject, fault 9001), so a block on it
 * ends NAK with the fault's text. It informs every `fleetReportingSeconds`; no history.
 */
export const cwmp181Line: CwmpLine = {
  ...simulatedLine({
    lineOfServiceCode: 'FLEET-CWMP-181',
    subscriberCode: 'FLEET-SUB-CWMP-181',
    subscriberName: 'Tomas Ferreira',
    fleetIndex: 14,
    role: 'live',
  }),
  dataModel: 'tr181',
  faults: { AddObject: 9001 },
};

/** An XG6846 on DSL with thirteen hosts, speaking TR-069 with the TR-098 data model. */
export const cwmp098Line: CwmpLine = {
  ...simulatedLine({
    lineOfServiceCode: 'FLEET-CWMP-098',
    subscriberCode: 'FLEET-SUB-CWMP-098',
    subscriberName: 'Ingrid Dahl',
    fleetIndex: 18,
    role: 'live',
  }),
  dataModel: 'tr098',
  faults: {},
};

/** The lines whose gateways speak TR-069. */
export const cwmpLines: readonly CwmpLine[] = [cwmp181Line, cwmp098Line];

/** Provisioned and associated, but no gateway ever reported on it. */
export const neverReportedLine: FleetLine = {
  lineOfServiceCode: 'FLEET-LOS-SILENT',
  subscriberCode: 'FLEET-SUB-SILENT',
  subscriberName: 'Nina Reyes',
};

/** Every simulated line, for the server that plays them. */
export const simulatedLines = [
  busyLine,
  dslLine,
  docsisLine,
  fibreLine,
  sr400Line,
  noBlockingLine,
  refusingLine,
  offlineLine,
  rebootingLine,
] as const;

/** Every line the server provisions, the never-reported one included. */
export const fleetLines: readonly FleetLine[] = [
  ...simulatedLines,
  ...cwmpLines,
  neverReportedLine,
];

/**
 * Waits until the line's gateway has reported (the portal knows its device type), as an admin
 * sees it. The server opens for the specs only once the fleet has reported, so a spec needs this
 * only for a line it provisions itself; after a command, poll the screen instead: the next report
 * comes within `fleetReportingSeconds`.
 */
export async function waitUntilReported(
  request: APIRequestContext,
  lineOfServiceCode: string,
): Promise<void> {
  const headers = { [sessionTokenHeader]: (await sharedStaffSession(accounts.admin.email)).token };
  const path = apiPaths.subscriberDevice.replace(':code', encodeURIComponent(lineOfServiceCode));
  await expect
    .poll(
      async () => {
        const response = await request.get(path, { headers });
        return response.ok() && ((await response.json()) as DeviceLine).deviceType !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
