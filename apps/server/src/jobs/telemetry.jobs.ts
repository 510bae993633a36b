import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { type TierSeconds, tierSeconds } from '../db/schema';
import type { TelemetryRepository } from '../telemetry/telemetry.repository';

const day = 24 * 3600 * 1000;

/**
 * Every minute builds the higher tiers' buckets that have closed (900, 7200 and 28800 s from the
 * tier below), and every hour deletes each tier's buckets past its retention. Both run in the
 * background of the server process and are safe to run in several processes at once: a rollup
 * takes its buckets with `skip locked` and rebuilds them whole.
 */
export function startTelemetryJobs(
  telemetry: TelemetryRepository,
  retentionDays: Record<TierSeconds, number>,
  clock: Clock,
  log: FastifyBaseLogger,
): () => void {
  let rolling = false;
  const rollup = setInterval(() => {
    if (rolling) return;
    rolling = true;
    telemetry
      .rollUp(clock.now())
      .then(({ built }) => {
        if (Object.values(built).some((count) => count > 0)) {
          log.debug({ built }, 'telemetry rolled up');
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'telemetry rollup failed'))
      .finally(() => (rolling = false));
  }, 60_000);

  const retention = setInterval(() => {
    void applyRetention(telemetry, retentionDays, clock).catch((error: unknown) =>
      log.error({ err: error }, 'telemetry retention failed'),
    );
  }, 3_600_000);

  rollup.unref();
  retention.unref();
  return () => {
    clearInterval(rollup);
    clearInterval(retention);
  };
}

export async function applyRetention(
  telemetry: TelemetryRepository,
  retentionDays: Record<TierSeconds, number>,
  clock: Clock,
): Promise<void> {
  const now = clock.now().getTime();
  for (const tier of tierSeconds) {
    await telemetry.deleteTierBefore(tier, new Date(now - retentionDays[tier] * day));
  }
  // QoE intervals and fleet figures live as long as the 900 s buckets they were scored from,
  // daily scores as long as the 28800 s ones.
  await telemetry.deleteQoeBefore(
    new Date(now - retentionDays[900] * day),
    new Date(now - retentionDays[28800] * day),
  );
  // A re-send older than the finest tier could not be stored anyway.
  await telemetry.deleteReportKeysBefore(new Date(now - retentionDays[60] * day));
}
