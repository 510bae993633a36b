import { defineConfig, devices } from '@playwright/test';
import { e2eBaseUrl, e2eReadyLine, ssoBaseUrl } from './e2e/support/e2e-settings';

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
  expect: { timeout: 10_000 },
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
  webServer: [
    {
      command: 'node --import tsx e2e/support/e2e-server.ts',
      // Ready once the shared fleet has reported, not as soon as the health check answers.
      wait: { stdout: new RegExp(e2eReadyLine) },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/support/sso-server.ts',
      url: `${ssoBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
