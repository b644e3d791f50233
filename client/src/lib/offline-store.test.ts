import "fake-indexeddb/auto";
import type { NormalizedCacheObject } from "@apollo/client";
import { afterEach, describe, expect, it } from "vitest";
import { SIGNED_IN_MARK } from "./offline-cache-names";
import { clearOfflineData, mergeCaches, rememberAccount, rememberedAccount } from "./offline-store";

describe("what the device keeps for offline use", () => {
  afterEach(() => clearOfflineData());

  it("merges a visit's cache into what earlier visits kept, field by field", () => {
    const earlier = {
      ROOT_QUERY: { __typename: "Query", me: { __ref: "User:u-1" }, profileMemories: [] },
      "User:u-1": { __typename: "User", id: "u-1", username: "ada", bio: "Hello", email: "ada@example.com" },
      "Timeline:t-old": { __typename: "Timeline", id: "t-old", title: "Old" },
    } as NormalizedCacheObject;
    const later = {
      ROOT_QUERY: { __typename: "Query", timelines: [{ __ref: "Timeline:t-1" }] },
      "User:u-1": { __typename: "User", id: "u-1", username: "ada-renamed" },
      "Timeline:t-1": { __typename: "Timeline", id: "t-1", title: "New" },
    } as NormalizedCacheObject;
    const merged = mergeCaches(earlier, later);
    expect(Object.keys(merged.ROOT_QUERY ?? {}).sort()).toEqual(["__typename", "me", "profileMemories", "timelines"]);
    expect(merged["User:u-1"]).toEqual({
      __typename: "User",
      id: "u-1",
      username: "ada-renamed",
      bio: "Hello",
      email: "ada@example.com",
    });
    expect(merged["Timeline:t-old"]).toBeDefined();
    expect(mergeCaches(undefined, later)).toBe(later);
  });

  it("remembers one account, sets the signed-in mark, and logout removes both", async () => {
    await rememberAccount({ id: "u-1", email: "ada@example.com" });
    expect(await rememberedAccount()).toEqual({ userId: "u-1", user: { id: "u-1", email: "ada@example.com" } });
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBe("1");
    await clearOfflineData();
    expect(await rememberedAccount()).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
  });
});
