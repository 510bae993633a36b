import { describe, expect, it } from 'vitest';
import { GroupCommit, type GroupWriter, type Outcome } from './group-commit';

interface Job {
  key: string;
  weight?: number;
  fails?: boolean;
}

/** A writer that records each write's jobs and holds it until told to finish. */
function recordingWriter() {
  const writes: string[][] = [];
  const inFlight: Job[][] = [];
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const writer: GroupWriter<Job, string> = {
    keyOf: (job) => job.key,
    weightOf: (job) => job.weight ?? 1,
    async write(jobs): Promise<Outcome<string>[]> {
      writes.push(jobs.map((job) => job.key));
      inFlight.push(jobs);
      await gate;
      inFlight.splice(inFlight.indexOf(jobs), 1);
      if (jobs.length > 1 && jobs.some((job) => job.fails)) throw new Error('the group failed');
      return jobs.map((job) =>
        job.fails
          ? { ok: false, error: new Error(`${job.key} refused`) }
          : { ok: true, value: job.key },
      );
    },
  };
  return {
    writer,
    writes,
    inFlight,
    hold: () => {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe(GroupCommit.name, () => {
  it('should write a lone job at once, and the jobs that arrive meanwhile together next', async () => {
    const recording = recordingWriter();
    const sut = new GroupCommit(recording.writer, { maxWeight: 100, concurrency: 1 });
    recording.hold();
    const first = sut.submit({ key: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    const later = ['b', 'c', 'd'].map((key) => sut.submit({ key }));
    recording.release();
    expect(await Promise.all([first, ...later])).toEqual(['a', 'b', 'c', 'd']);
    expect(recording.writes).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('should never write two jobs of one key together, nor at the same time', async () => {
    const recording = recordingWriter();
    const sut = new GroupCommit(recording.writer, { maxWeight: 100, concurrency: 2 });
    const results = await Promise.all(['a', 'a', 'b', 'a'].map((key) => sut.submit({ key })));
    expect(results).toEqual(['a', 'a', 'b', 'a']);
    expect(recording.writes).toEqual([['a', 'b'], ['a'], ['a']]);
  });

  it('should take no more weight in a write than allowed, but a heavy job alone', async () => {
    const recording = recordingWriter();
    const sut = new GroupCommit(recording.writer, { maxWeight: 10, concurrency: 1 });
    await Promise.all([
      sut.submit({ key: 'a', weight: 6 }),
      sut.submit({ key: 'b', weight: 4 }),
      sut.submit({ key: 'c', weight: 25 }),
      sut.submit({ key: 'd', weight: 1 }),
    ]);
    expect(recording.writes).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('should write a failed group again job by job, so that only the failing job fails', async () => {
    const recording = recordingWriter();
    const failures: number[] = [];
    const sut = new GroupCommit(recording.writer, {
      maxWeight: 100,
      concurrency: 1,
      onGroupFailed: (_error, jobs) => failures.push(jobs),
    });
    const outcomes = await Promise.allSettled([
      sut.submit({ key: 'a' }),
      sut.submit({ key: 'b', fails: true }),
      sut.submit({ key: 'c' }),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: new Error('b refused') },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(recording.writes).toEqual([['a', 'b', 'c'], ['a'], ['b'], ['c']]);
    expect(failures).toEqual([3]);
  });
});
