import { PgDatabase } from 'drizzle-orm/pg-core';
import { createTestApp } from './test/test-app';
import { createGateway, nextReport } from '../../bench/ingest/reports';

const times = new Map<string, { ms: number; n: number }>();
const original = PgDatabase.prototype.execute;
(PgDatabase.prototype as any).execute = async function (query: any) {
  const text = this.dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').slice(0, 70);
  const t = performance.now();
  try { return await original.call(this, query); } finally {
    const e = times.get(text) ?? { ms: 0, n: 0 }; e.ms += performance.now() - t; e.n++; times.set(text, e);
  }
};
const sut = await createTestApp();
const lines = Number(process.env.LINES ?? 300);
const tokens: string[] = [];
for (let i = 0; i < lines; i++) {
  const { reportingUrl } = await sut.app.services.devices.provision(`LOS-S${i}`, true);
  tokens.push(reportingUrl.split('/').at(-1)!);
}
const first = Math.floor(sut.clock.now().getTime() / 1000) - 2 * 86400;
const gateways = tokens.map((t, i) => createGateway(i, t, first + (i % 300)));
const send = () => Promise.all(gateways.map((g) => sut.app.services.ingest.receive(g.token, { Report: [nextReport(g)] })));
await send();
times.clear();
const started = performance.now();
const rounds = 5;
for (let r = 0; r < rounds; r++) await send();
const total = performance.now() - started;
console.log(`${(lines * rounds / total * 1000).toFixed(0)} reports/s, ${(total / lines / rounds).toFixed(3)} ms/report`);
for (const [text, { ms, n }] of [...times].sort((a, b) => b[1].ms - a[1].ms)) console.log((ms / lines / rounds).toFixed(3), n, text);
await sut.close();
