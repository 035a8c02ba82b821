/**
 * One replica's background work of one kind (a periodic check, and the same check right after a change): the runs go
 * one at a time, in the order asked; a periodic run asked for while another still waits joins it; a failure is handed
 * to `failed` (logged by the owner), never thrown at whoever asked; `stop` ends the timer and waits for the run in
 * progress. Used by the needs-a-bus and late checks and the mail drain, which each run on every replica.
 */
export class BackgroundWork {
  private running: Promise<unknown> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  /** A periodic run waits behind the one running: more asks join it. */
  private queued = false;
  private stopped = false;

  constructor(private readonly failed: (e: unknown) => void) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Every `seconds` once `ready` resolves (the schema exists only once migrations have run), and once at once: an
   * unref'd timer, so it never keeps the process alive. 0: never.
   */
  every(seconds: number, ready: Promise<unknown>, task: () => Promise<unknown>): void {
    if (seconds === 0) return;
    void ready.then(() => {
      if (this.stopped) return;
      this.timer = setInterval(() => this.soon(task), seconds * 1000);
      this.timer.unref();
      this.soon(task);
    });
  }

  /** Runs `task` after the runs asked for before it. */
  run(task: () => unknown): Promise<unknown> {
    if (this.stopped) return this.running;
    this.running = this.running
      .then(() => (this.stopped ? undefined : task()))
      .catch((e: unknown) => {
        if (!this.stopped) this.failed(e);
      });
    return this.running;
  }

  /** Runs `task` after the running one, unless a run asked for this way already waits. */
  soon(task: () => unknown): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    void this.run(() => {
      this.queued = false;
      return task();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
