/**
 * Group commit: jobs that arrive while a write is under way wait, and the next write takes them
 * all in one transaction. A lone job is written at once; under load, a transaction's fixed cost
 * (its round trips, its commit, and on PGlite each crossing into WebAssembly) is shared by every
 * job in it. Each caller's promise settles only after the transaction that holds its job has
 * committed, so an answer still means stored.
 *
 * Jobs with the same key (a gateway's reporting token) are never in one write or in two writes
 * at once: a gateway's bodies are applied one after the other, each seeing the state the one
 * before left. When a write fails as a whole, its jobs are written again one by one, so that one
 * job's failure is its own and not its neighbours'.
 */

export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

export interface GroupWriter<Job, Result> {
  /**
   * Writes the jobs in one transaction and answers each one's outcome, in order. A job that is
   * refused (a bad token, say) is a failed outcome; throwing means nothing was written.
   */
  write(jobs: Job[]): Promise<Outcome<Result>[]>;
  keyOf(job: Job): string;
  /** A job's share of `maxWeight` (its reports). */
  weightOf(job: Job): number;
}

export interface GroupCommitOptions {
  /** The most weight one write takes (a job heavier than this goes alone). */
  maxWeight: number;
  /** Writes under way at once: 1 for PGlite's single connection, more for a pool. */
  concurrency: number;
  /**
   * Told when a write of several jobs failed as a whole, before they are written again one by
   * one: that is slow (each job a transaction of its own) and should not go unseen.
   */
  onGroupFailed?: (error: unknown, jobs: number) => void;
}

interface Waiting<Job, Result> {
  job: Job;
  key: string;
  weight: number;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<Job, Result> {
  private readonly queue: Waiting<Job, Result>[] = [];
  private readonly busyKeys = new Set<string>();
  private active = 0;
  private drainScheduled = false;

  constructor(
    private readonly writer: GroupWriter<Job, Result>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({
        job,
        key: this.writer.keyOf(job),
        weight: this.writer.weightOf(job),
        resolve,
        reject,
      });
      this.scheduleDrain();
    });
  }

  /** After the current turn of the event loop, so that jobs arriving together go together. */
  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.active < this.options.concurrency) {
      const group = this.takeGroup();
      if (group.length === 0) return;
      this.active++;
      void this.run(group).finally(() => {
        for (const waiting of group) this.busyKeys.delete(waiting.key);
        this.active--;
        this.drain();
      });
    }
  }

  /** The oldest jobs whose keys are free, up to `maxWeight`, in arrival order. */
  private takeGroup(): Waiting<Job, Result>[] {
    const group: Waiting<Job, Result>[] = [];
    let weight = 0;
    for (let index = 0; index < this.queue.length;) {
      const waiting = this.queue[index];
      if (!waiting) break;
      if (this.busyKeys.has(waiting.key)) {
        index++;
        continue;
      }
      if (group.length > 0 && weight + waiting.weight > this.options.maxWeight) break;
      this.busyKeys.add(waiting.key);
      this.queue.splice(index, 1);
      group.push(waiting);
      weight += waiting.weight;
    }
    return group;
  }

  private async run(group: Waiting<Job, Result>[]): Promise<void> {
    try {
      const outcomes = await this.writer.write(group.map((waiting) => waiting.job));
      group.forEach((waiting, index) => settle(waiting, outcomes[index]));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      this.options.onGroupFailed?.(error, group.length);
      for (const waiting of group) {
        try {
          const [outcome] = await this.writer.write([waiting.job]);
          settle(waiting, outcome);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }
}

function settle<Job, Result>(
  waiting: Waiting<Job, Result>,
  outcome: Outcome<Result> | undefined,
): void {
  if (!outcome) waiting.reject(new Error('the writer answered fewer outcomes than jobs'));
  else if (outcome.ok) waiting.resolve(outcome.value);
  else waiting.reject(outcome.error);
}
