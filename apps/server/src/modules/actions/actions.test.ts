import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { commandRetentionDays } from './actions.service';
import { commandState } from './command-state';
import { systemActor } from '../audit/actor';

describe(commandState.name, () => {
  const requestedAt = new Date(Date.UTC(2026, 0, 1, 12));
  const at = (seconds: number) => new Date(requestedAt.getTime() + seconds * 1000);

  it.each([
    [0, null, null, 'REQUESTED'],
    [5, at(1), null, 'PENDING'],
    [60, at(1), null, 'TIMEOUT-1'],
    [120, null, null, 'TIMEOUT-2'],
    [300, at(1), null, 'EXPIRED'],
    [400, at(1), 'ACK', 'ACK'],
    [10, at(1), 'NAK', 'NAK'],
  ] as const)(
    'should be %s s after the request, delivered %s, answered %s: %s',
    (seconds, deliveredAt, outcome, state) => {
      expect(commandState({ requestedAt, deliveredAt, outcome }, at(seconds))).toBe(state);
    },
  );
});

describe('the command channel', () => {
  let sut: TestApp;
  let token: string;
  let lineId: string;

  beforeAll(async () => {
    sut = await createTestApp();
    const provisioned = await sut.app.services.devices.provision(systemActor, 'LOS-CMD', false);
    token = provisioned.reportingUrl.split('/').at(-1) ?? '';
    lineId = (await sut.app.services.ingest.lineForToken(token)).id;
  });
  afterAll(() => sut.close());

  const poll = (wait = 0) =>
    sut.app.inject({ method: 'GET', url: `/report/v1/${token}/commands?wait=${wait}` });
  const answer = (messageId: string, payload: object) =>
    sut.app.inject({ method: 'POST', url: `/report/v1/${token}/commands/${messageId}`, payload });
  const block = { action: 'block', parameters: { macAddress: 'aa:bb:cc:00:00:01' } } as const;

  it('should hand a queued command to the gateway once, and take its ACK', async () => {
    const messageId = await sut.app.services.actions.request(systemActor, 'LOS-CMD', block);
    expect((await sut.app.services.actions.status(lineId, messageId)).state).toBe('REQUESTED');

    const first = await poll();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ commands: [{ messageId, ...block }] });
    expect((await poll()).json()).toEqual({ commands: [] });
    expect((await sut.app.services.actions.status(lineId, messageId)).state).toBe('PENDING');

    expect((await answer(messageId, { result: 'ACK' })).statusCode).toBe(204);
    expect(await sut.app.services.actions.status(lineId, messageId)).toEqual({
      messageId,
      state: 'ACK',
      value: null,
    });
    const again = await answer(messageId, { result: 'NAK', value: 'too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('COMMAND.ALREADY_ANSWERED');
  });

  it('should keep a NAK’s message for the portal', async () => {
    const messageId = await sut.app.services.actions.request(systemActor, 'LOS-CMD', {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 149 },
    });
    await poll();
    await answer(messageId, { result: 'NAK', value: 'Channel 149 is not allowed in this region' });
    expect(await sut.app.services.actions.status(lineId, messageId)).toEqual({
      messageId,
      state: 'NAK',
      value: 'Channel 149 is not allowed in this region',
    });
  });

  it('should answer a waiting poll as soon as a command is queued', async () => {
    const waiting = poll(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const messageId = await sut.app.services.actions.request(systemActor, 'LOS-CMD', {
      action: 'unblock',
      parameters: { macAddress: 'aa:bb:cc:00:00:01' },
    });
    const started = Date.now();
    const response = await waiting;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(
      response.json().commands.map((command: { messageId: string }) => command.messageId),
    ).toEqual([messageId]);
  });

  it('should move an unanswered command through TIMEOUT-1 and TIMEOUT-2 to EXPIRED, then refuse its answer', async () => {
    const messageId = await sut.app.services.actions.request(systemActor, 'LOS-CMD', block);
    await poll();
    sut.clock.advanceSeconds(60);
    expect((await sut.app.services.actions.status(lineId, messageId)).state).toBe('TIMEOUT-1');
    sut.clock.advanceSeconds(60);
    expect((await sut.app.services.actions.status(lineId, messageId)).state).toBe('TIMEOUT-2');
    sut.clock.advanceSeconds(180);
    expect((await sut.app.services.actions.status(lineId, messageId)).state).toBe('EXPIRED');
    const late = await answer(messageId, { result: 'ACK' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('COMMAND.EXPIRED');
  });

  it('should delete ended commands after a month, and keep unanswered and recent ones', async () => {
    const ended = await sut.app.services.actions.request(systemActor, 'LOS-CMD', block);
    await poll();
    expect((await answer(ended, { result: 'ACK' })).statusCode).toBe(204);
    sut.clock.advanceSeconds(commandRetentionDays * 86_400 - 60);
    const recent = await sut.app.services.actions.request(systemActor, 'LOS-CMD', block);
    await sut.app.services.actions.pruneEnded();
    expect((await sut.app.services.actions.status(lineId, ended)).state).toBe('ACK');
    sut.clock.advanceSeconds(120);
    await sut.app.services.actions.pruneEnded();
    await expect(sut.app.services.actions.status(lineId, ended)).rejects.toMatchObject({
      code: 'COMMAND.NOT_FOUND',
    });
    expect((await sut.app.services.actions.status(lineId, recent)).messageId).toBe(recent);
  });

  it('should not deliver a command that expired before the gateway asked', async () => {
    await sut.app.services.actions.request(systemActor, 'LOS-CMD', block);
    sut.clock.advanceSeconds(301);
    expect((await poll()).json()).toEqual({ commands: [] });
  });

  it.each([
    ['an unknown command', '00000000-0000-4000-8000-000000000000', { result: 'ACK' }, 404],
    [
      'a result that is neither ACK nor NAK',
      '00000000-0000-4000-8000-000000000000',
      { result: 'MAYBE' },
      400,
    ],
  ])('should refuse %s', async (_case, messageId, payload, status) => {
    expect((await answer(messageId, payload)).statusCode).toBe(status);
  });

  it('should refuse a token no line has with 401', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: `/report/v1/${'0'.repeat(32)}/commands?wait=0`,
    });
    expect(response.statusCode).toBe(401);
  });
});
