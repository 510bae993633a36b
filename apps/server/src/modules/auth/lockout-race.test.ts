import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPeerApp,
  createTestApp,
  createUser,
  signedInToken,
  strongPassphrase,
  type TestApp,
} from '../../../test/test-app';
import { systemActor } from '../audit/actor';

const wrongPassphrase = 'Wrong-passphrase-1';
const consumerPassphrase = 'Garden-Gnome-42!';
const trials = 5;

/** One sign-in from its own client address, as an attacker spreading attempts would send it. */
function staffSignIn(
  app: FastifyInstance,
  email: string,
  passphrase: string,
  client: number,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/v1/authenticate',
    remoteAddress: `10.0.${client >> 8}.${client & 255}`,
    payload: { user: { email, passphrase } },
  });
}

function consumerSignIn(
  app: FastifyInstance,
  username: string,
  password: string,
  client: number,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/v1/consumerAuth',
    remoteAddress: `10.1.${client >> 8}.${client & 255}`,
    payload: { username, password },
  });
}

/**
 * `wrong` wrong passphrases and the right one, all sent at the same moment, spread over `apps`
 * (several servers on one database) by turns. The answers, the right one's last.
 */
async function burst(
  apps: FastifyInstance[],
  send: (
    app: FastifyInstance,
    passphrase: string,
    client: number,
  ) => Promise<LightMyRequestResponse>,
  wrong: number,
  right: string,
): Promise<{ wrong: LightMyRequestResponse[]; right: LightMyRequestResponse }> {
  const attempts = Array.from({ length: wrong + 1 }, (_, index) => index);
  // The right one goes out in the middle, so it is not simply the first to be counted.
  const rightAt = Math.floor(wrong / 2);
  const answers = await Promise.all(
    attempts.map((index) =>
      send(apps[index % apps.length]!, index === rightAt ? right : wrongPassphrase, index),
    ),
  );
  const [rightAnswer] = answers.splice(rightAt, 1);
  return { wrong: answers, right: rightAnswer! };
}

describe('the lockout under attempts sent at once', () => {
  let sut: TestApp;
  let peer: Awaited<ReturnType<typeof createPeerApp>>;

  beforeAll(async () => {
    sut = await createTestApp({ SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
    peer = await createPeerApp(sut);
    await createUser(sut, { email: 'admin@example.com', role: 'Admin' });
  });
  afterAll(async () => {
    await peer.close();
    await sut.close();
  });

  for (const wrong of [5, 59]) {
    it(`should refuse the right passphrase sent with ${wrong} wrong ones at once, and lock`, async () => {
      for (let trial = 0; trial < trials; trial++) {
        const email = `target-${wrong}-${trial}@example.com`;
        await createUser(sut, { email });
        const answers = await burst(
          [sut.app],
          (app, passphrase, client) => staffSignIn(app, email, passphrase, client),
          wrong,
          strongPassphrase,
        );
        expect(answers.right.statusCode, `trial ${trial}`).toBe(401);
        expect(answers.right.json()).toMatchObject({ isLockedOut: true });
        expect(answers.wrong.every((answer) => answer.statusCode === 401)).toBe(true);
        const afterwards = await staffSignIn(sut.app, email, strongPassphrase, 9999);
        expect(afterwards.json()).toMatchObject({ error: { code: 'SIGNIN.LOCKED_OUT' } });
      }
    });
  }

  it('should hold the same budget across two servers on one database', async () => {
    for (let trial = 0; trial < trials; trial++) {
      const email = `spread-${trial}@example.com`;
      await createUser(sut, { email });
      const answers = await burst(
        [sut.app, peer.app],
        (app, passphrase, client) => staffSignIn(app, email, passphrase, client),
        5,
        strongPassphrase,
      );
      expect(answers.right.statusCode, `trial ${trial}`).toBe(401);
      const afterwards = await staffSignIn(peer.app, email, strongPassphrase, 9999);
      expect(afterwards.json()).toMatchObject({ error: { code: 'SIGNIN.LOCKED_OUT' } });
    }
  });

  it('should still let the right passphrase in after fewer failures than the budget', async () => {
    const email = 'few-guesses@example.com';
    await createUser(sut, { email });
    await Promise.all(
      Array.from({ length: 4 }, (_, client) =>
        staffSignIn(sut.app, email, wrongPassphrase, client),
      ),
    );
    expect((await staffSignIn(sut.app, email, strongPassphrase, 99)).statusCode).toBe(200);
    const next = await staffSignIn(sut.app, email, wrongPassphrase, 100);
    expect(next.json()).toMatchObject({ isLockedOut: false });
  });

  it('should let the lock end after its time, then count again from zero', async () => {
    const email = 'patient@example.com';
    await createUser(sut, { email });
    await burst(
      [sut.app],
      (app, passphrase, client) => staffSignIn(app, email, passphrase, client),
      59,
      strongPassphrase,
    );
    sut.clock.advanceSeconds(sut.config.lockout.seconds);
    expect((await staffSignIn(sut.app, email, strongPassphrase, 1)).statusCode).toBe(200);
  });

  it('should hold consumer sign-in to the same budget', async () => {
    const adminToken = await signedInToken(sut, 'admin@example.com');
    for (let trial = 0; trial < trials; trial++) {
      const subscriber = `SUB-RACE-${trial}`;
      const username = `racer-${trial}`;
      await sut.app.services.subscribers.put(systemActor, subscriber, `Subscriber ${trial}`, false);
      const created = await sut.app.inject({
        method: 'PUT',
        url: `/api/subscriber/v1/${subscriber}/consumer`,
        headers: { 'x-cah-token': adminToken },
        payload: { username, passphrase: consumerPassphrase },
      });
      expect(created.statusCode).toBeLessThan(300);
      const answers = await burst(
        [sut.app, peer.app],
        (app, passphrase, client) => consumerSignIn(app, username, passphrase, client),
        5,
        consumerPassphrase,
      );
      expect(answers.right.statusCode, `trial ${trial}`).toBe(401);
      expect(answers.right.json()).toMatchObject({ isLockedOut: true });
    }
  });
});
