/**
 * Natural batching ("group commit"): per key, at most one batch runs at a time; what
 * arrives meanwhile waits and goes together in the next batch, up to `max`. Nothing is
 * ever delayed on a timer: a lone request runs at once, alone, and batches only form
 * while the key is busy, i.e. exactly when requests would otherwise queue on its lock.
 */
export class GroupRunner<In, Out> {
  private readonly lanes = new Map<
    string,
    { input: In; resolve(value: Out): void; reject(error: unknown): void }[]
  >();

  /** Batches run and the largest one so far (benchmarks and tests read them). */
  readonly stats = { batches: 0, largest: 0 };
  private readonly run: (inputs: In[]) => Promise<PromiseSettledResult<Out>[]>;
  private readonly max: number;

  /** `run` runs one batch and answers one settled result per input, in order. */
  constructor(run: (inputs: In[]) => Promise<PromiseSettledResult<Out>[]>, max: number) {
    this.run = run;
    this.max = max;
  }

  submit(key: string, input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      const waiting = this.lanes.get(key);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      this.lanes.set(key, []);
      this.runBatch(key, [{ input, resolve, reject }]);
    });
  }

  private runBatch(
    key: string,
    batch: { input: In; resolve(value: Out): void; reject(error: unknown): void }[],
  ): void {
    this.stats.batches++;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    this.run(batch.map((item) => item.input))
      .then(
        (results) =>
          batch.forEach((item, i) => {
            const result = results[i];
            if (result?.status === "fulfilled") item.resolve(result.value);
            else item.reject(result ? result.reason : new Error("batch answered short"));
          }),
        (error) => {
          for (const item of batch) item.reject(error);
        },
      )
      .finally(() => {
        const waiting = this.lanes.get(key) ?? [];
        if (waiting.length === 0) {
          this.lanes.delete(key);
          return;
        }
        this.lanes.set(key, waiting.slice(this.max));
        this.runBatch(key, waiting.slice(0, this.max));
      });
  }
}
