import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import type { BenchMessage, RollupRun, ServerMessage } from './messages';

/**
 * Starts server.ts in a child process (with `--cpu-prof` when profiling) and talks to it over
 * IPC: ready with the port and tokens, its CPU time so far, stop with what it stored. Several
 * processes on one database are a `ServerGroup`, as DESIGN.md scales the server.
 */
export interface ServerProcess {
  child: ChildProcess;
  ready: Extract<ServerMessage, { type: 'ready' }>;
  /** CPU seconds the server process has used so far. */
  cpuSeconds(): Promise<number>;
  stop(): Promise<Extract<ServerMessage, { type: 'stopped' }>>;
  /** Ends the process if it is still running (after a failure). */
  kill(): Promise<void>;
}

function nextMessage<Type extends ServerMessage['type']>(
  child: ChildProcess,
  type: Type,
): Promise<Extract<ServerMessage, { type: Type }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<ServerMessage, { type: Type }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the server exited (${code}) before answering "${type}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startServer(
  environment: Record<string, string>,
  gateways: number,
  profileDir: string | undefined,
): Promise<ServerProcess> {
  const script = path.join(import.meta.dirname, 'server.ts');
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    BENCH_GATEWAYS: String(gateways),
    ...environment,
  };
  if (!environment.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [...serverNodeFlags, ...profiling, '--import', 'tsx', script],
    {
      // `--import tsx` is resolved from the working folder: the repository's root.
      cwd: path.resolve(import.meta.dirname, '../..'),
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ready = await nextMessage(child, 'ready');
  const ask = (message: BenchMessage) => child.send(message);
  return {
    child,
    ready,
    async cpuSeconds() {
      const answer = nextMessage(child, 'cpu');
      ask({ type: 'cpu' });
      const { userMicros, systemMicros } = await answer;
      return (userMicros + systemMicros) / 1e6;
    },
    async stop() {
      const answer = nextMessage(child, 'stopped');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      ask({ type: 'stop' });
      const stopped = await answer;
      await exited;
      return stopped;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/**
 * `count` server processes on one database, as several stateless servers behind a load
 * balancer: the first provisions the gateways, the others start on what it made. Each gateway
 * reports to one of them (`portFor`), as a balancer keeps a client's connection on one server.
 */
export interface ServerGroup {
  ready: Extract<ServerMessage, { type: 'ready' }>;
  ports: number[];
  portFor: (gatewayIndex: number) => number;
  /** CPU seconds all the processes have used so far. */
  cpuSeconds(): Promise<number>;
  /** Stops every process; the last to stop counts what the database stored. */
  stop(): Promise<Extract<ServerMessage, { type: 'stopped' }>>;
  kill(): Promise<void>;
}

export async function startServerGroup(
  environment: Record<string, string>,
  gateways: number,
  count: number,
  profileDir: string | undefined,
): Promise<ServerGroup> {
  const servers = [await startServer(environment, gateways, profileDir)];
  try {
    while (servers.length < count) servers.push(await startServer(environment, 0, profileDir));
  } catch (error) {
    await Promise.all(servers.map((server) => server.kill()));
    throw error;
  }
  const [first] = servers as [ServerProcess];
  const ports = servers.map((server) => server.ready.port);
  return {
    ready: first.ready,
    ports,
    portFor: (gatewayIndex) => ports[gatewayIndex % ports.length] ?? first.ready.port,
    async cpuSeconds() {
      const seconds = await Promise.all(servers.map((server) => server.cpuSeconds()));
      return seconds.reduce((sum, value) => sum + value, 0);
    },
    async stop() {
      const rollups: RollupRun[] = [];
      let stopped: Extract<ServerMessage, { type: 'stopped' }> | undefined;
      for (const server of servers) {
        stopped = await server.stop();
        rollups.push(...stopped.rollups);
      }
      if (!stopped) throw new Error('no server to stop');
      return { ...stopped, rollups: rollups.sort((a, b) => a.startedAt - b.startedAt) };
    },
    async kill() {
      await Promise.all(servers.map((server) => server.kill()));
    },
  };
}
