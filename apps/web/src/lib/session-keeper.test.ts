import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSessionKeeper } from './session-keeper';

const minutes = (count: number): number => count * 60 * 1000;

describe(startSessionKeeper.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start() {
    const ping = vi.fn(() => Promise.resolve());
    const onIdle = vi.fn();
    const sut = startSessionKeeper({ ping, onIdle, now: () => Date.now() });
    return { sut, ping, onIdle };
  }

  it('should ping every 12 minutes while the user is active', () => {
    const { sut, ping } = start();
    for (let round = 0; round < 6; round++) {
      vi.advanceTimersByTime(minutes(11));
      sut.recordActivity();
      vi.advanceTimersByTime(minutes(1));
    }
    expect(ping).toHaveBeenCalledTimes(6);
    sut.stop();
  });

  it('should stop pinging after 4 pings without activity', () => {
    const { sut, ping } = start();
    vi.advanceTimersByTime(minutes(59));
    expect(ping).toHaveBeenCalledTimes(4);
    sut.stop();
  });

  it('should sign out after 60 minutes without activity, and not before', () => {
    const { onIdle } = start();
    vi.advanceTimersByTime(minutes(59));
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(minutes(1));
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(minutes(60));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('should count the hour from the last activity', () => {
    const { sut, onIdle } = start();
    vi.advanceTimersByTime(minutes(50));
    sut.recordActivity();
    vi.advanceTimersByTime(minutes(50));
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(minutes(10));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('should do nothing once stopped', () => {
    const { sut, ping, onIdle } = start();
    sut.stop();
    vi.advanceTimersByTime(minutes(120));
    expect(ping).not.toHaveBeenCalled();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
