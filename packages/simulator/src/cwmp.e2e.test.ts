import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { acsPaths, type CommandStatus, type DeviceCommand } from '@linesight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../apps/server/src/modules/audit/actor';
import { createTestApp, type TestApp, testAdminActor } from '../../../apps/server/test/test-app';
import type { DataModel } from './cwmp/data-model';
import { type CwmpEvent, type CwmpRun, runCwmp } from './cwmp/runner';
import { describeGateway } from './fleet';
import { Gateway } from './gateway';

/**
 * TR-069 gateways against the real server over HTTP: the ACS endpoint and the connection
 * request, nothing else. Each is provisioned, informs, shows its devices, and carries out a
 * channel change and a block queued in the portal; a fault on demand is the command's NAK.
 */

const seed = 5;
const steady = { rebootsPerDay: 0, offlineSpellsPerDay: 0 };

describe('TR-069 gateways against the real ACS', () => {
  let sut: TestApp;
  let origin: string;
  const runs: CwmpRun[] = [];

  async function provision(code: string): Promise<{ acsUrl: string; lineId: string }> {
    const { reportingUrl } = await sut.app.services.devices.provision(systemActor, code, false);
    const token = reportingUrl.slice(reportingUrl.lastIndexOf('/') + 1);
    const line = await sut.app.services.ingest.lineForToken(token);
    return { acsUrl: origin + acsPaths.line.replace(':token', token), lineId: line.id };
  }

  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (const deadline = Date.now() + 30_000; !(await done()); await delay(100)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    }
  }

  /** Provisions a line, starts its gateway over TR-069, and waits for its first session. */
  async function start(
    code: string,
    index: number,
    dataModel: DataModel,
    faults?: Partial<Record<'AddObject', number>>,
  ) {
    const { acsUrl, lineId } = await provision(code);
    const gateway = new Gateway(describeGateway(seed, index, { behaviour: steady }));
    const events: CwmpEvent[] = [];
    const run = await runCwmp([{ gateway, acsUrl, dataModel, faults }], {
      onEvent: (event) => events.push(event),
    });
    runs.push(run);
    const sessions = () => events.filter((event) => event.type === 'cwmp-session').length;
    await until(() => sessions() >= 1, `${code}'s first session`);
    return { gateway, lineId, events, sessions, agent: run.agents[0]! };
  }

  const request = (code: string, command: DeviceCommand) =>
    sut.app.services.actions.request(testAdminActor, code, command);

  async function settled(lineId: string, messageId: string): Promise<CommandStatus> {
    let status = await sut.app.services.actions.status(lineId, messageId);
    await until(async () => {
      status = await sut.app.services.actions.status(lineId, messageId);
      return status.state === 'ACK' || status.state === 'NAK';
    }, `command ${messageId}`);
    return status;
  }

  beforeAll(async () => {
    sut = await createTestApp({ CWMP_INFORM_INTERVAL_SECONDS: '2' });
    // Sessions carry the real time; the collector only believes times near its own clock.
    sut.clock.advance(Date.now() - sut.clock.now().getTime());
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = sut.app.server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await Promise.all(runs.map((run) => run.stop()));
    await sut.close();
  });

  it('should take a TR-181 gateway: its devices, a channel change and a block, each ACK and reported', async () => {
    const code = 'LOS-CWMP-181';
    const { gateway, lineId, sessions, agent } = await start(code, 0, 'tr181');

    const network = await sut.app.services.homeNetwork.localNetwork(code);
    const reported = (network?.devices ?? []).map((device) => device.macAddress).sort();
    const present = gateway.reportAt(Math.floor(Date.now() / 1000));
    const macs = Object.entries(present)
      .filter(([name]) => /^Device\.Hosts\.Host\.\d+\.PhysAddress$/.test(name))
      .map(([, mac]) => (typeof mac === 'string' ? mac : ''))
      .sort();
    expect(reported).toEqual(macs);
    expect(agent.connectionRequestCredentials).not.toBeNull();

    const radio = gateway.profile.radios.find((candidate) => candidate.band === '5GHz')!;
    const channel = radio.channelChoices.includes(149) ? 157 : 149;
    const moved = await request(code, {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel },
    });
    expect(await settled(lineId, moved)).toMatchObject({ state: 'ACK', value: null });
    const host = gateway.profile.hosts.find((candidate) => candidate.connection.medium === 'wifi')!;
    const blocked = await request(code, { action: 'block', parameters: { macAddress: host.mac } });
    expect(await settled(lineId, blocked)).toMatchObject({ state: 'ACK', value: null });

    // The session that carried the block read the gateway before it; the next one after it.
    const before = sessions();
    await until(() => sessions() >= before + 2, 'a session after the commands');
    const wifi = await sut.app.services.homeNetwork.wifiSettings(code);
    expect(wifi?.wifiRadios.find((candidate) => candidate.freqBand === '5GHz')?.channel).not.toBe(
      0,
    );
    const devices = (await sut.app.services.homeNetwork.localNetwork(code))?.devices ?? [];
    expect(devices.find((device) => device.macAddress === host.mac)?.blocked).toBe(true);
  });

  it('should take a TR-098 gateway: its devices and a block by QoS classification', async () => {
    const code = 'LOS-CWMP-098';
    const { gateway, lineId, sessions } = await start(code, 1, 'tr098');

    const devices = (await sut.app.services.homeNetwork.localNetwork(code))?.devices ?? [];
    expect(devices.length).toBeGreaterThan(0);
    const host = gateway.profile.hosts.find(
      (candidate) =>
        candidate.connection.medium === 'wifi' &&
        devices.some((device) => device.macAddress === candidate.mac),
    )!;
    const blocked = await request(code, { action: 'block', parameters: { macAddress: host.mac } });
    expect(await settled(lineId, blocked)).toMatchObject({ state: 'ACK', value: null });

    const before = sessions();
    await until(() => sessions() >= before + 2, 'a session after the block');
    const after = (await sut.app.services.homeNetwork.localNetwork(code))?.devices ?? [];
    expect(after.find((device) => device.macAddress === host.mac)?.blocked).toBe(true);
  });

  it("should end a command its gateway faults as NAK with the fault's text", async () => {
    const code = 'LOS-CWMP-FAULT';
    const { gateway, lineId } = await start(code, 2, 'tr181', { AddObject: 9001 });
    const host = gateway.profile.hosts.find((candidate) => candidate.connection.medium === 'wifi')!;

    const blocked = await request(code, { action: 'block', parameters: { macAddress: host.mac } });

    const status = await settled(lineId, blocked);
    expect(status.state).toBe('NAK');
    expect(status.value).toMatch(/9001/);
  });
});
