import { describe, expect, it } from "vitest";
import { createUploadQueue } from "./upload-queue";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the upload queue", () => {
  it("runs three uploads at a time, the next starting as one ends", async () => {
    const queue = createUploadQueue();
    const gates = Array.from({ length: 7 }, () => deferred());
    const started: number[] = [];
    gates.forEach((gate, i) =>
      queue.add(`f${i}`, () => {
        started.push(i);
        return gate.promise;
      }),
    );
    expect(started).toEqual([0, 1, 2]);
    expect(queue.running).toBe(3);
    expect(queue.waiting).toBe(4);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    // a failure frees its place too
    gates[0]!.reject(new Error("Failed to upload file: Upload failed"));
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running).toBe(3);
  });

  it("takes a failed file again on Retry, but never the same file twice at once", async () => {
    const queue = createUploadQueue();
    let attempts = 0;
    const first = deferred();
    queue.add("a", () => {
      attempts += 1;
      return first.promise;
    });
    queue.add("a", () => {
      attempts += 1;
      return Promise.resolve();
    });
    expect(attempts).toBe(1);
    first.reject(new Error("offline"));
    await tick();
    queue.add("a", () => {
      attempts += 1;
      return Promise.resolve();
    });
    await tick();
    expect(attempts).toBe(2);
    expect(queue.running).toBe(0);
  });

  it("aborts what runs and drops what waits when stopped", async () => {
    const queue = createUploadQueue(1);
    const signals: AbortSignal[] = [];
    let started = 0;
    for (const key of ["a", "b"])
      queue.add(key, (signal) => {
        started += 1;
        signals.push(signal);
        return new Promise(() => undefined);
      });
    queue.stop();
    await tick();
    expect(signals[0]?.aborted).toBe(true);
    expect(started).toBe(1);
    expect(queue.waiting).toBe(0);
  });
});
