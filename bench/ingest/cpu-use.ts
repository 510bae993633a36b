import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { roundTo } from '../scratch';
import type { ServerProcess } from './server-process';

/**
 * CPU accounting for the measured window: the server processes, this load generator, the
 * PostgreSQL backends serving the bench database (read from Linux's /proc), the whole machine.
 */
/** Clock ticks per second in /proc/…/stat: USER_HZ, 100 on Linux. */
const ticksPerSecond = 100;

/** CPU seconds of the PostgreSQL backends serving `database` (Linux /proc; 0 elsewhere). */
export async function postgresBackendSeconds(database: string): Promise<number> {
  let ticks = 0;
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids.filter((entry) => /^\d+$/.test(entry))) {
    try {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres: ') || !cmdline.includes(` ${database} `)) continue;
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime), counted from the state, field 3.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / ticksPerSecond;
}

function machineCpuSeconds(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy: busy / 1000, total: total / 1000 };
}

export interface CpuSnapshot {
  at: number;
  server: number;
  generator: number;
  postgres: number;
  machine: { busy: number; total: number };
}

export async function cpuSnapshot(
  server: Pick<ServerProcess, 'cpuSeconds'>,
  database: string | undefined,
) {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    server: await server.cpuSeconds(),
    generator: (usage.user + usage.system) / 1e6,
    postgres: database ? await postgresBackendSeconds(database) : 0,
    machine: machineCpuSeconds(),
  } satisfies CpuSnapshot;
}

/** Cores busy between two snapshots (2 is the whole 2-core machine). */
export interface CpuUse {
  server: number;
  generator: number;
  /** PostgreSQL backends of the bench database; null on PGlite, which runs inside the server. */
  postgres: number | null;
  machine: number;
}

export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, postgres: boolean): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const cores = (from: number, to: number) => roundTo((to - from) / seconds, 2);
  const machineShare =
    (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total);
  return {
    server: cores(before.server, after.server),
    generator: cores(before.generator, after.generator),
    postgres: postgres ? cores(before.postgres, after.postgres) : null,
    machine: roundTo(machineShare * os.cpus().length, 2),
  };
}
