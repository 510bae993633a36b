/**
 * Session keep-alive and idle sign-out (seed 000 sections 4 and 9): while the user is active a
 * secure ping goes out every 12 minutes; after 4 pings with no activity in between, pinging
 * stops; 60 minutes without activity signs the user out.
 */
export interface SessionKeeperOptions {
  ping(): Promise<unknown>;
  onIdle(): void;
  now?: () => number;
  pingIntervalMs?: number;
  maxPingsWithoutActivity?: number;
  idleLimitMs?: number;
  idleCheckIntervalMs?: number;
}

export interface SessionKeeper {
  recordActivity(): void;
  stop(): void;
}

export const keepAliveDefaults = {
  pingIntervalMs: 12 * 60 * 1000,
  maxPingsWithoutActivity: 4,
  idleLimitMs: 60 * 60 * 1000,
  idleCheckIntervalMs: 15 * 1000,
} as const;

export function startSessionKeeper(options: SessionKeeperOptions): SessionKeeper {
  const now = options.now ?? Date.now;
  const settings = { ...keepAliveDefaults, ...options };
  let lastActivity = now();
  let pingsWithoutActivity = 0;

  const pingTimer = setInterval(() => {
    if (pingsWithoutActivity >= settings.maxPingsWithoutActivity) return;
    pingsWithoutActivity += 1;
    // A failed ping is handled where every call's 401 is: the user is sent to sign-out.
    options.ping().catch(() => undefined);
  }, settings.pingIntervalMs);

  const idleTimer = setInterval(() => {
    if (now() - lastActivity < settings.idleLimitMs) return;
    stop();
    options.onIdle();
  }, settings.idleCheckIntervalMs);

  function stop(): void {
    clearInterval(pingTimer);
    clearInterval(idleTimer);
  }

  return {
    recordActivity() {
      lastActivity = now();
      pingsWithoutActivity = 0;
    },
    stop,
  };
}
