import type { HostMetricsRow, HostStateRecord, TelemetryRepository } from './telemetry.repository';
import { counterDelta, gatewaySampleOf, hostSamplesOf } from './normalise';
import type { FlatReport } from './report-format';
import { locationOf, siteSurveyOf, wifiSettingsOf } from './snapshots';

const minute = 60_000;
const quarterHour = 900_000;

/** Boot times estimated from two reports differ by rounding; more than this is a new boot. */
const bootTimeToleranceMs = 120_000;

/**
 * When the gateway rebooted between its previous report and this one, or null. A reboot moves
 * the boot time (report time less UpTime) forward: comparing boot times also catches a reboot
 * that a long gap hides, where the new UpTime has grown past the old one again.
 */
export function rebootBetween(
  previous: { reportedAt: Date; uptimeSeconds: number | null } | undefined,
  at: Date,
  uptimeSeconds: number | null,
): Date | null {
  if (!previous || previous.uptimeSeconds === null || uptimeSeconds === null) return null;
  const bootedAt = at.getTime() - uptimeSeconds * 1000;
  const previouslyBootedAt = previous.reportedAt.getTime() - previous.uptimeSeconds * 1000;
  return bootedAt - previouslyBootedAt > bootTimeToleranceMs ? new Date(bootedAt) : null;
}

const sampleOf = (value: number | null): { sum: number; samples: number } =>
  value === null ? { sum: 0, samples: 0 } : { sum: value, samples: 1 };

/**
 * Stores one accepted report's telemetry: the gateway's health and each host's traffic and WiFi
 * into the 60 s tier, the latest state for the summary, and a reboot when UpTime went back.
 * Counter deltas are taken against the newest earlier reading only, so a report that arrives
 * out of order adds its gauges but no traffic.
 */
export async function recordTelemetry(
  telemetry: TelemetryRepository,
  lineId: string,
  report: FlatReport,
): Promise<void> {
  const at = new Date(report.collectionTime * 1000);
  const bucket = new Date(Math.floor(at.getTime() / minute) * minute);
  const gateway = gatewaySampleOf(report.parameters);
  const previous = await telemetry.gatewayState(lineId);
  const isNewest = !previous || previous.reportedAt < at;
  const rebootedAt = isNewest ? rebootBetween(previous, at, gateway.uptimeSeconds) : null;
  const rebooted = rebootedAt !== null;
  if (rebootedAt) await telemetry.recordReboot(lineId, rebootedAt);

  const cpu = sampleOf(gateway.cpuPercent);
  const ramSampled = gateway.ramTotalKib !== null && gateway.ramFreeKib !== null;
  const temperature = sampleOf(gateway.temperatureTenths);
  await telemetry.addGatewayMetrics({
    lineId,
    tier: 60,
    bucket,
    cpuSum: cpu.sum,
    cpuSamples: cpu.samples,
    ramTotalKibSum: ramSampled ? (gateway.ramTotalKib ?? 0) : 0,
    ramFreeKibSum: ramSampled ? (gateway.ramFreeKib ?? 0) : 0,
    ramSamples: ramSampled ? 1 : 0,
    temperatureTenthsSum: temperature.sum,
    temperatureSamples: temperature.samples,
    uptimeMaxSeconds: gateway.uptimeSeconds,
  });
  if (isNewest) {
    await telemetry.saveGatewayState({
      lineId,
      reportedAt: at,
      uptimeSeconds: gateway.uptimeSeconds ?? previous?.uptimeSeconds ?? null,
      firmwareVersion: gateway.firmwareVersion ?? previous?.firmwareVersion ?? null,
      cpuPercent: gateway.cpuPercent,
      ramTotalKib: gateway.ramTotalKib,
      ramFreeKib: gateway.ramFreeKib,
      temperatureTenths: gateway.temperatureTenths,
    });
  }

  const known = new Map((await telemetry.hostStates(lineId)).map((state) => [state.mac, state]));
  const metrics: HostMetricsRow[] = [];
  const states: HostStateRecord[] = [];
  for (const host of hostSamplesOf(report.parameters)) {
    const before = known.get(host.mac);
    known.delete(host.mac);
    const countersNewer = !before?.countersAt || before.countersAt < at;
    const bytesOut = countersNewer
      ? counterDelta(before?.bytesSentCounter ?? null, host.bytesSentCounter, rebooted)
      : null;
    const bytesIn = countersNewer
      ? counterDelta(before?.bytesReceivedCounter ?? null, host.bytesReceivedCounter, rebooted)
      : null;
    const signal = sampleOf(host.signalDbm);
    const rated = host.downlinkKbps !== null && host.uplinkKbps !== null;
    metrics.push({
      lineId,
      tier: 60,
      bucket,
      mac: host.mac,
      bytesIn: bytesIn ?? 0,
      bytesOut: bytesOut ?? 0,
      signalDbmSum: signal.sum,
      signalSamples: signal.samples,
      downlinkKbpsSum: rated ? (host.downlinkKbps ?? 0) : 0,
      uplinkKbpsSum: rated ? (host.uplinkKbps ?? 0) : 0,
      rateSamples: rated ? 1 : 0,
    });
    const firstConnectedAt = before && before.firstConnectedAt < at ? before.firstConnectedAt : at;
    if (!before || before.reportedAt <= at) {
      states.push({
        lineId,
        ...host,
        bytesSentCounter: host.bytesSentCounter ?? before?.bytesSentCounter ?? null,
        bytesReceivedCounter: host.bytesReceivedCounter ?? before?.bytesReceivedCounter ?? null,
        countersAt: at,
        firstConnectedAt,
        lastOnlineAt: host.active ? at : (before?.lastOnlineAt ?? null),
        reportedAt: at,
      });
    } else if (firstConnectedAt < before.firstConnectedAt) {
      states.push({ ...before, firstConnectedAt });
    }
  }
  // Hosts the newest report no longer lists have left the network.
  if (isNewest) {
    for (const gone of known.values()) {
      if (gone.active) states.push({ ...gone, active: false, reportedAt: at });
    }
  }
  await telemetry.addHostMetrics(metrics);
  await telemetry.saveHostStates(states);
  await recordSnapshots(telemetry, lineId, report, at);
  await telemetry.markPending(
    lineId,
    new Date(Math.floor(at.getTime() / quarterHour) * quarterHour),
  );
}

/** WiFi settings, each band's site survey and the location, when the report carries them. */
async function recordSnapshots(
  telemetry: TelemetryRepository,
  lineId: string,
  report: FlatReport,
  at: Date,
): Promise<void> {
  const wifiRadios = wifiSettingsOf(report.parameters);
  if (wifiRadios.length > 0) await telemetry.saveSnapshot(lineId, 'wifi', at, { wifiRadios });
  const survey = siteSurveyOf(report.parameters);
  for (const band of new Set(survey.map((entry) => entry.freqBand))) {
    if (band === null) continue;
    const entries = survey.filter((entry) => entry.freqBand === band);
    await telemetry.saveSnapshot(lineId, `siteSurvey:${band}`, at, { siteSurvey: entries });
  }
  const location = locationOf(report.parameters);
  if (location) await telemetry.saveSnapshot(lineId, 'location', at, location);
}
