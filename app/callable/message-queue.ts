type Waiter<T> = {
  resolve(result: IteratorResult<T, undefined>): void;
  reject(error: unknown): void;
};

/**
 * Messages of a streamed call, buffered until read: the body is read whether or not
 * anyone iterates, so that the final result always settles. An iterator that stops early
 * leaves the call running and drops what comes after.
 */
export class MessageQueue<T> implements AsyncIterable<T, undefined> {
  private readonly items: T[] = [];
  private readonly waiters: Waiter<T>[] = [];
  private ended = false;
  private detached = false;
  private failure: { error: unknown } | undefined;

  push(item: T): void {
    if (this.ended || this.detached) return;
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve({ value: item, done: false });
    else this.items.push(item);
  }

  /** No more messages; with an error, readers get it after the buffered messages. */
  end(error?: { error: unknown }): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    for (const waiter of this.waiters.splice(0)) this.settle(waiter);
  }

  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    return {
      next: () =>
        new Promise<IteratorResult<T, undefined>>((resolve, reject) => {
          if (this.items.length > 0) {
            resolve({ value: this.items.shift() as T, done: false });
          } else if (this.ended) {
            this.settle({ resolve, reject });
          } else {
            this.waiters.push({ resolve, reject });
          }
        }),
      return: async () => {
        this.detached = true;
        this.items.length = 0;
        return { value: undefined, done: true };
      },
    };
  }

  private settle(waiter: Waiter<T>): void {
    if (this.failure) waiter.reject(this.failure.error);
    else waiter.resolve({ value: undefined, done: true });
  }
}
