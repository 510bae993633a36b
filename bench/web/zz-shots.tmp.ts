import { chromium } from '@playwright/test';
import { accounts, passphrase, consumerSession } from '../../e2e/support/e2e-settings';
import { busyLine, neverReportedLine, offlineLine, sr400Line, docsisLine } from '../../e2e/support/fleet';
const base = 'http://127.0.0.1:18780';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
async function staff(email: string, lang: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: lang });
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.evaluate((l) => localStorage.setItem('ls_language', l), lang);
  await page.goto(base + '/');
  await page.locator('input[type=email], input[name=email]').first().fill(email);
  await page.locator('input[type=password]').first().fill(passphrase);
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL(/search/);
  return page;
}
const shots: [string, string, string][] = (process.argv[2] ?? '').split(',').map((x) => x.split('|') as [string,string,string]);
async function consumer(lang: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: lang });
  const user = { id: 'consumer', role: 'Consumer', ...consumerSession.user, idToken: null, ssoLogoutUrl: null };
  await context.addCookies([
    { name: 'ls_auth_token', value: consumerSession.token, url: base },
    { name: 'ls_user', value: encodeURIComponent(JSON.stringify(user)), url: base },
    { name: 'ls_sign_in_mode', value: 'consumer', url: base },
  ]);
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.evaluate((l) => localStorage.setItem('ls_language', l), lang);
  return page;
}
for (const [name, lang, url] of shots) {
  const page = name.startsWith('consumer') ? await consumer(lang) : await staff(accounts.admin.email, lang);
  await page.goto(base + url);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  await page.context().close();
}
await browser.close();
