import { parseArgs } from 'node:util';
import { recordsetJson, recordsFromJson } from '../../apps/server/src/db/recordset';
import {
  gatewayEvents,
  gatewayMetrics,
  gatewaySnapshots,
  gatewayState,
  hostMetrics,
  hostState,
  rollupPending,
  wanMetrics,
} from '../../apps/server/src/db/schema';
import { unstorableAt } from '../../apps/server/src/http/text-guard';
import { flattenBody } from '../../apps/server/src/ingest/report-format';
import { TelemetryBatch } from '../../apps/server/src/ingest/telemetry-batch';
import type { HostStateRecord } from '../../apps/server/src/telemetry/lan-hosts';
import type { GatewayStateRecord } from '../../apps/server/src/telemetry/telemetry.repository';
import { createGateway, nextReport, reportingIntervalSeconds } from './reports';

/**
 * The collector's own work on a report, without HTTP or a database: parse the body, check its
 * text, read it into the canonical model, take deltas against the gateway's state read back from
 * JSON as the database hands it over, and write every table's rows as the JSON the statements
 * bind. Prints the CPU time per report; run it under `node --cpu-prof --import tsx` to see where
 * that time goes. The bench's reports (`reports.ts`), one per body, 300 s apart per gateway.
 *
 *   npx tsx bench/ingest/pipeline.ts [--gateways 200] [--rounds 40]
 */

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '40' },
  },
});
const gatewayCount = Number(values.gateways);
const rounds = Number(values.rounds);

const nowSeconds = Math.floor(Date.now() / 1000);
const gateways = Array.from({ length: gatewayCount }, (_, index) =>
  createGateway(
    index,
    `token-${index}`,
    nowSeconds - 2 * 86_400 + (index % reportingIntervalSeconds),
  ),
);
// Bodies are made before timing: the load generator's work is not the collector's.
const bodies = Array.from({ length: rounds + 1 }, () =>
  gateways.map((gateway) => JSON.stringify({ Report: [nextReport(gateway)] })),
);

/** Each gateway's state and hosts as the database would answer them: JSON text. */
const stored = gateways.map(() => ({ state: '[]', hosts: new Map<string, unknown>() }));

function receive(round: number): void {
  for (const [index, text] of (bodies[round] ?? []).entries()) {
    const body: unknown = JSON.parse(text);
    if (unstorableAt(body) !== undefined) throw new Error('the bench sent unstorable text');
    const { reports } = flattenBody(body, { nowSeconds: nowSeconds + 4 * 86_400 });
    const lineId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const memory = stored[index];
    if (!memory) continue;
    const [state] = recordsFromJson<GatewayStateRecord>(gatewayState, JSON.parse(memory.state));
    const hosts = recordsFromJson<HostStateRecord>(
      hostState,
      JSON.parse(JSON.stringify([...memory.hosts.values()])),
    );
    const batch = new TelemetryBatch(lineId, state, hosts);
    for (const report of reports) batch.add(report);
    const writes = batch.writes();
    recordsetJson(gatewayMetrics, writes.gatewayMetrics);
    recordsetJson(hostMetrics, writes.hostMetrics);
    recordsetJson(wanMetrics, writes.wanMetrics);
    recordsetJson(gatewayEvents, writes.events);
    recordsetJson(gatewaySnapshots, writes.snapshots);
    recordsetJson(rollupPending, writes.pendingBuckets);
    if (writes.gatewayStates.length > 0) {
      memory.state = recordsetJson(gatewayState, writes.gatewayStates);
    }
    for (const row of JSON.parse(recordsetJson(hostState, writes.hostStates)) as {
      mac: string;
    }[]) {
      memory.hosts.set(row.mac, row);
    }
  }
}

receive(0);
const started = process.cpuUsage();
for (let round = 1; round <= rounds; round++) receive(round);
const used = process.cpuUsage(started);
const reports = gatewayCount * rounds;
console.log(
  `${reports} reports, ${((used.user + used.system) / 1000 / reports).toFixed(3)} ms CPU a report`,
);
