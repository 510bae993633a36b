/**
 * Playwright's one web server: starts the end-to-end server (e2e-server.ts) and the single
 * sign-on pair (sso-server.ts) side by side, and prints `e2eReadyLine` once the first has its
 * fleet and the second answers its health check. Playwright starts the servers of a `webServer`
 * list one after another; each spends seconds starting a portal, so together they start sooner.
 * Either script still runs alone (to look at screens, start e2e-server.ts).
 *
 * A server that stops stops the others and this process: Playwright then reports it at once,
 * instead of waiting out its timeout. Playwright ends the whole process group at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { e2eReadyLine, ssoBaseUrl } from './e2e-settings';

const startedAt = performance.now();
const children: ChildProcess[] = [];

function start(script: string, onLine: (line: string) => void): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, script)],
    {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  // Their lines go to stderr: only this process says the servers are ready.
  createInterface({ input: child.stdout }).on('line', (line) => {
    process.stderr.write(`${line}\n`);
    onLine(line);
  });
  child.on('exit', (code, signal) => {
    process.stderr.write(`LineSight e2e: ${script} stopped (${signal ?? code})\n`);
    stopAll();
    process.exit(typeof code === 'number' && code !== 0 ? code : 1);
  });
  return child;
}

function stopAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(0);
  });
}

const fleetReady = new Promise<void>((resolve) => {
  start('e2e-server.ts', (line) => {
    if (line.includes(e2eReadyLine)) resolve();
  });
});
start('sso-server.ts', () => undefined);

async function ssoAnswers(): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${ssoBaseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await Promise.all([fleetReady, ssoAnswers()]);
process.stdout.write(
  `${e2eReadyLine}, single sign-on too, in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`,
);
