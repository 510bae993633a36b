import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { roundTo } from '../scratch';

/**
 * Reads a `.cpuprofile` that `node --cpu-prof` wrote and answers where the time went: the
 * functions with the most self time, and the same time by where the code lives (a package, a
 * server source file, PGlite's WebAssembly PostgreSQL, the garbage collector).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  /** Share of the time the process was not idle. */
  percent: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  topFunctions: SelfTime[];
  byArea: SelfTime[];
  /**
   * Time by the innermost server function (apps/server/src) on the stack, libraries' time
   * included: which of the server's own steps the drivers' and ORM's work is done for.
   */
  byServerFunction: SelfTime[];
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** `drizzle-orm`, `apps/server/src/ingest/normalise.ts`, `node:internal/…`, `(garbage collector)`. */
function areaOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  // PGlite's PostgreSQL is the only WebAssembly the server runs.
  if (url.startsWith('wasm:')) return 'PGlite (PostgreSQL in WebAssembly)';
  const file = url.replace(/^file:\/\//, '');
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (packageMatch?.[1]) return packageMatch[1];
  if (file.startsWith('node:')) return file.split('/').slice(0, 2).join('/');
  return path.relative(repositoryRoot, file);
}

function functionOf(frame: ProfileNode['callFrame']): string {
  const area = areaOf(frame);
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  // No line numbers: tsx's transpiled server files and the packages' bundles make them useless.
  return `${name} (${area.includes('WebAssembly') ? 'PGlite wasm' : area})`;
}

function ranked(totals: Map<string, number>, busyMs: number, limit: number): SelfTime[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), percent: roundTo((100 * ms) / busyMs) }));
}

const isServerCode = (frame: ProfileNode['callFrame']): boolean =>
  frame.url.includes('/apps/server/src/');

/** For each node, the nearest node at or above it that runs server code. */
function serverAncestors(nodes: ProfileNode[]): Map<number, ProfileNode['callFrame']> {
  const parents = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const answers = new Map<number, ProfileNode['callFrame']>();
  for (const node of nodes) {
    let current: ProfileNode | undefined = node;
    while (current && !isServerCode(current.callFrame)) {
      const parent = parents.get(current.id);
      current = parent === undefined ? undefined : byId.get(parent);
    }
    if (current) answers.set(node.id, current.callFrame);
  }
  return answers;
}

export async function summariseProfile(file: string, limit = 20): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const serverFrames = serverAncestors(profile.nodes);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  const byServer = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  profile.samples.forEach((nodeId, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = frames.get(nodeId);
    if (!frame) return;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    busyMs += ms;
    const name = functionOf(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const serverFrame = serverFrames.get(nodeId);
    const server = serverFrame ? functionOf(serverFrame) : '(outside server code)';
    byServer.set(server, (byServer.get(server) ?? 0) + ms);
  });
  return {
    busyMs: Math.round(busyMs),
    idleMs: Math.round(idleMs),
    topFunctions: ranked(byFunction, busyMs, limit),
    byArea: ranked(byArea, busyMs, limit),
    byServerFunction: ranked(byServer, busyMs, limit),
  };
}

/** The main thread's profile: the largest (tsx's loader thread writes a small one too). */
export async function mainThreadProfile(folder: string): Promise<string | undefined> {
  const files = (await readdir(folder))
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => path.join(folder, file));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  const largest = Math.max(...sizes);
  return files[sizes.indexOf(largest)];
}
