import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run sim` does. */
async function sim(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      ...args,
    ]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run sim', () => {
  it('should print its usage with --help', async () => {
    const run = await sim('--help');

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run sim -- \[options\]/);
    for (const flag of ['--reporting-urls', '--urls', '--seed', '--interval', '--backfill-days']) {
      expect(run.stdout).toContain(flag);
    }
  });

  it('should print the reports the fleet makes with --dry-run, sending nothing', async () => {
    const at = '2026-01-05T20:00:00Z';

    const run = await sim('--dry-run', '--count', '2', '--at', at, '--seed', '7');

    expect(run.code).toBe(0);
    const expected = createFleet({ seed: 7, size: 2 }).map((gateway) =>
      gateway.reportAt(Date.parse(at) / 1000),
    );
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [[], /Say where to report with --urls or --reporting-urls/],
    [['--urls', 'http://localhost/report/v1/abc', '--interval', 'soon'], /--interval must be/],
    [['--urls', 'ftp://localhost/x'], /is not an http\(s\) reporting URL/],
    [['--reporting-urls', '/nonexistent/urls.txt'], /Cannot read \/nonexistent\/urls\.txt/],
    [['--dry-run', '--at', 'yesterday'], /--at must be an ISO time/],
  ])('should refuse %j with a clear message and exit code 2', async (args, message) => {
    const run = await sim(...args);

    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run with --help for usage.');
  });
});
