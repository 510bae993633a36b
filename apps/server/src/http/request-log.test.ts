import { afterEach, describe, expect, it } from 'vitest';
import { systemActor } from '../modules/audit/actor';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createLogger } from '../app';

interface LogLine {
  level: number;
  msg: string;
  req?: { url: string };
  statusCode?: number;
  byStatus?: Record<string, number>;
}

const levels = { debug: 20, info: 30, warn: 40, error: 50 };

/** The app with the production logger at `level`, its lines collected as they are written. */
async function appLogging(level: 'info' | 'debug'): Promise<{ sut: TestApp; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const destination = { write: (line: string) => lines.push(JSON.parse(line) as LogLine) };
  const sut = await createTestApp({}, undefined, {
    logger: createLogger({ logLevel: level }, destination),
  });
  return { sut, lines };
}

/** A gateway's day at work: reports and command polls on its reporting URL. */
async function gatewayTraffic(sut: TestApp, reports: number): Promise<string> {
  const { reportingUrl } = await sut.app.services.devices.provision(
    systemActor,
    'LOS-LOG-1',
    false,
  );
  const token = reportingUrl.split('/').at(-1) ?? '';
  const start = Math.floor(sut.clock.now().getTime() / 1000) - reports * 300;
  for (let index = 0; index < reports; index++) {
    const report = await sut.app.inject({
      method: 'POST',
      url: `/report/v1/${token}`,
      payload: {
        Report: [{ CollectionTime: start + index * 300, 'Device.DeviceInfo.UpTime': index * 300 }],
      },
    });
    expect(report.statusCode).toBe(200);
    await sut.app.inject({ method: 'GET', url: `/report/v1/${token}/commands?wait=0` });
  }
  return token;
}

describe('the request log', () => {
  let sut: TestApp | undefined;
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
  });

  it('should write no line per gateway report or poll at the info level, only their summary', async () => {
    const logged = await appLogging('info');
    sut = logged.sut;
    const token = await gatewayTraffic(sut, 20);
    await sut.app.inject({ method: 'POST', url: '/report/v1/0123456789abcdef', payload: {} });

    expect(logged.lines.filter((line) => line.req?.url.startsWith('/report/'))).toEqual([]);
    await sut.close();
    sut = undefined;
    const summary = logged.lines.find((line) => line.msg === 'collector summary');
    expect(summary).toMatchObject({ level: levels.warn, byStatus: { 200: 40, 401: 1 } });
    expect(JSON.stringify(logged.lines)).not.toContain(token);
  });

  it('should keep each gateway request at the debug level, its token left out', async () => {
    const logged = await appLogging('debug');
    sut = logged.sut;
    const token = await gatewayTraffic(sut, 3);
    const reportLines = logged.lines.filter((line) => line.req?.url === '/report/v1/[token]');
    expect(reportLines).toHaveLength(3);
    expect(reportLines.every((line) => line.level === levels.debug)).toBe(true);
    expect(JSON.stringify(logged.lines)).not.toContain(token);
  });

  it('should write a refused person’s request at the info level and an answered one at debug', async () => {
    const logged = await appLogging('info');
    sut = logged.sut;
    await sut.app.inject({ method: 'GET', url: '/api/health' });
    await sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/authenticate',
      payload: { user: { email: 'nobody@example.com', passphrase: 'Wrong-passphrase-1' } },
    });
    const requestLines = logged.lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: levels.info,
        statusCode: 401,
        req: expect.objectContaining({ url: '/api/user/v1/authenticate' }),
      }),
    ]);
    expect(JSON.stringify(logged.lines)).not.toContain('Wrong-passphrase-1');
  });
});
