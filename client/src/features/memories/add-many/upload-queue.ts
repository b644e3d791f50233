/**
 * Add many's uploads, three at a time (docs/decisions/058-add-many-and-share-target.md): a file
 * waits for a free place; a failed one is added again by Retry. Each task gets a signal that
 * `stop` aborts (the page is left).
 */

export const UPLOADS_AT_ONCE = 3;

export type UploadTask = (signal: AbortSignal) => Promise<void>;

export interface UploadQueue {
  /** Queues a file's upload; a key already waiting or running is not queued twice. */
  add(key: string, task: UploadTask): void;
  /** How many run now, and how many wait. */
  readonly running: number;
  readonly waiting: number;
  /** Aborts what runs and forgets what waits. */
  stop(): void;
}

export function createUploadQueue(concurrency: number = UPLOADS_AT_ONCE): UploadQueue {
  const waiting: { key: string; task: UploadTask }[] = [];
  const running = new Set<string>();
  let controller = new AbortController();

  function next(): void {
    while (running.size < concurrency && waiting.length > 0) {
      const { key, task } = waiting.shift()!;
      running.add(key);
      const signal = controller.signal;
      void task(signal)
        .catch(() => undefined) // a task reports its own failure; the queue goes on
        .finally(() => {
          running.delete(key);
          if (!signal.aborted) next();
        });
    }
  }

  return {
    add(key, task) {
      if (running.has(key) || waiting.some((w) => w.key === key)) return;
      waiting.push({ key, task });
      next();
    },
    get running() {
      return running.size;
    },
    get waiting() {
      return waiting.length;
    },
    stop() {
      waiting.length = 0;
      controller.abort();
      controller = new AbortController();
      running.clear();
    },
  };
}
