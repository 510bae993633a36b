import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:8731';
const [,, path, out, lang = 'en', email = 'admin@example.com'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: lang });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto(base + '/');
await page.evaluate((l) => localStorage.setItem('ls_language', l), lang);
await page.goto(base + '/');
await page.locator('input[type=email], input[name=email]').first().fill(email);
await page.locator('input[type=password]').first().fill('Tr0ub4dor&Horse!');
await page.keyboard.press('Enter');
await page.waitForURL(/search|summary/);
await page.goto(base + path);
await page.waitForTimeout(Number(process.env.WAIT ?? 3000));
if (process.env.CLICK) { await page.getByText(process.env.CLICK).first().click(); await page.waitForTimeout(1500); }
await page.screenshot({ path: out, fullPage: true });
console.log(await page.url());
await browser.close();
