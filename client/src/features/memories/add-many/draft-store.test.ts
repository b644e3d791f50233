import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { clearOfflineData } from "../../../lib/offline-store";
import { deleteDraft, loadDraft, saveDraft, type TripDraft } from "./draft-store";

const draft = (userId: string, timelineId: string): TripDraft => ({
  userId,
  timelineId,
  startedAt: 1,
  files: {
    "a.jpg|10|5": {
      key: "a.jpg|10|5",
      takenAt: "2026-07-01T10:00:00",
      name: "a.jpg",
      size: 10,
      lastModified: 5,
      type: "image/jpeg",
      uploadUrl: "http://x/api/uploads/u1",
      mediaId: "m-1",
    },
  },
  groups: [
    {
      id: "g1",
      day: "2026-07-01",
      keys: ["a.jpg|10|5"],
      caption: "Sea",
      meaning: "",
      location: "",
      locationTouched: false,
    },
  ],
  savedGroups: [],
});

describe("the Add many draft", () => {
  afterEach(() => clearOfflineData());

  it("is kept per account and timeline, with texts, upload addresses and media ids", async () => {
    await saveDraft(draft("u-1", "t-1"));
    await saveDraft({ ...draft("u-1", "t-2"), groups: [{ ...draft("u-1", "t-2").groups[0]!, caption: "Other" }] });
    const kept = await loadDraft("u-1", "t-1");
    expect(kept?.groups[0]?.caption).toBe("Sea");
    expect(kept?.files["a.jpg|10|5"]).toMatchObject({ uploadUrl: "http://x/api/uploads/u1", mediaId: "m-1" });
    expect((await loadDraft("u-1", "t-2"))?.groups[0]?.caption).toBe("Other");
    // another account on the same device sees none of it
    expect(await loadDraft("u-2", "t-1")).toBeNull();
  });

  it("is gone once deleted, and with the account's data at logout", async () => {
    await saveDraft(draft("u-1", "t-1"));
    await saveDraft(draft("u-1", "t-2"));
    await deleteDraft("u-1", "t-1");
    expect(await loadDraft("u-1", "t-1")).toBeNull();
    await clearOfflineData();
    expect(await loadDraft("u-1", "t-2")).toBeNull();
  });

  it("offers nothing for a draft without memories", async () => {
    await saveDraft({ ...draft("u-1", "t-1"), groups: [] });
    expect(await loadDraft("u-1", "t-1")).toBeNull();
  });
});
