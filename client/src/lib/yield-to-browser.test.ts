import { afterEach, describe, expect, it, vi } from "vitest";
import { yieldToBrowser } from "./yield-to-browser";

describe("yieldToBrowser", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("continues in a later task, after work already queued", async () => {
    const order: string[] = [];
    setTimeout(() => order.push("queued task"), 0);
    await yieldToBrowser();
    order.push("after yield");
    expect(order).toEqual(["queued task", "after yield"]);
  });

  it("uses scheduler.yield where the browser has it", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yieldFn });
    await yieldToBrowser();
    expect(yieldFn).toHaveBeenCalledOnce();
  });
});
