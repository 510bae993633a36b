import { defineConfig, devices } from '@playwright/test';
import { e2eBaseUrl, e2eReadyLine } from './e2e/support/e2e-settings';

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium); no browser is downloaded.
 * The server under test is the real one, started on a fresh PGlite data folder.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  // Generous: CI shares two cores with the server under test and Chromium.
  // toPass retries a block that reads the page against the server's answers: after its first
  // tries, every 500 ms rather than Playwright's default of every second.
  expect: { timeout: 10_000, toPass: { intervals: [100, 250, 500] } },
  use: {
    baseURL: e2eBaseUrl,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // One command starts both servers side by side (e2e-servers.ts): the end-to-end server with
  // its fleet, and the single sign-on pair. Ready once the shared fleet has reported and the
  // single sign-on portal answers, not as soon as a health check does.
  webServer: {
    command: 'node --import tsx e2e/support/e2e-servers.ts',
    wait: { stdout: new RegExp(e2eReadyLine) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
