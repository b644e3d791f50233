import "fake-indexeddb/auto";
import type { MockLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findDuplicate } from "../../../features/memories/api/find-duplicate";
import { UploadRefusedError, uploadResumable } from "../../../features/memories/api/resumable-upload";
import type { UploadResult } from "../../../features/memories/api/upload-result";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import {
  AddMemoryTimelineDocument,
  CreateMemoryDocument,
  type CreateMemoryMutationVariables,
} from "../../../gql/graphql";
import { clearOfflineData } from "../../../lib/offline-store";
import { recordingMock } from "../../../testing/mutation-mock";
import { locationOf, screenRenderer } from "../../../testing/render";
import { AddManyScreen } from "./add-many-screen";

vi.mock("exifr", () => ({ default: { parse: vi.fn(async () => undefined) } }));
vi.mock("../../../features/memories/api/find-duplicate", async (importActual) => ({
  ...(await importActual<typeof import("../../../features/memories/api/find-duplicate")>()),
  findDuplicate: vi.fn(async () => null),
}));
vi.mock("../../../features/memories/api/resumable-upload", async (importActual) => ({
  ...(await importActual<typeof import("../../../features/memories/api/resumable-upload")>()),
  uploadResumable: vi.fn(),
}));
vi.mock("../../../features/timelines/api/friend-notifications", () => ({ notifyFriendsPhotosUploaded: vi.fn() }));

const DAY = new Date(2024, 2, 3, 9, 0).getTime();
const photo = (name: string, minutes = 0) =>
  new File([`bytes of ${name}`], name, { type: "image/jpeg", lastModified: DAY + minutes * 60_000 });
const result = (id: string, place: string | null = null): UploadResult => ({
  file_url: `/media/${id}/display`,
  public_id: id,
  format: "jpg",
  width: 10,
  height: 10,
  bytes: 10,
  place,
});

const timelineMock: MockLink.MockedResponse = {
  request: { query: AddMemoryTimelineDocument, variables: { id: "t-1" } },
  result: {
    data: {
      timeline: {
        __typename: "Timeline",
        id: "t-1",
        title: "Summer in Lisbon",
        privacy: "PRIVATE",
        isParticipant: true,
      },
    },
  },
  maxUsageCount: 5,
};

function createMemoryMock(seen: CreateMemoryMutationVariables[]): MockLink.MockedResponse {
  const timeline = {
    __typename: "Timeline",
    id: "t-1",
    memoryCount: 1,
    memoryMonths: [],
    lastActivity: "2024-06-15T10:00:00.000Z",
    previewImages: ["/media/m-a/thumb"],
  };
  const memory = { ...aMemory({ id: "m-new", caption: "Beach", memoryDate: "2024-03-03" }), timeline };
  return recordingMock(CreateMemoryDocument, seen, {
    data: { createMemory: { __typename: "CreateMemoryPayload", memory } },
  });
}

const renderAddMany = screenRenderer(<AddManyScreen />, "/app/add-many", {
  at: "/app/add-many?timeline_id=t-1",
  mocks: [timelineMock],
});

async function choose(files: File[]) {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[name="trip-files"]');
    if (!found) throw new Error("no picker yet");
    return found;
  });
  await userEvent.upload(input, files);
}

describe("Add many", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(findDuplicate).mockResolvedValue(null);
  });
  afterEach(() => clearOfflineData());

  it("shows each file's failure, with Retry only for one that may pass, prefills the place and saves the memory with its media", async () => {
    let bAttempts = 0;
    vi.mocked(uploadResumable).mockImplementation(async (file: File) => {
      if (file.name === "a.jpg") return result("m-a", "Lisbon, Portugal");
      if (file.name === "b.jpg") {
        bAttempts += 1;
        if (bAttempts === 1) throw new UploadRefusedError("Failed to upload file: Connection lost", 0);
        return result("m-b");
      }
      throw new UploadRefusedError("Failed to upload file: File too large", 413);
    });
    const seen: CreateMemoryMutationVariables[] = [];
    const { router } = renderAddMany([createMemoryMock(seen)]);
    await choose([photo("a.jpg"), photo("b.jpg", 5), photo("c.jpg", 10)]);

    const card = await screen.findByTestId("trip-memory");
    expect(within(card).getByRole("heading")).toHaveTextContent("Sunday 3 March 2024");
    expect(await screen.findByText("b.jpg: Failed to upload file: Connection lost")).toBeInTheDocument();
    expect(await screen.findByText("c.jpg: Failed to upload file: File too large")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Retry/ })).toHaveLength(1);
    expect(within(card).getByRole("textbox", { name: /Location/ })).toHaveValue("Lisbon, Portugal");
    expect(screen.getByRole("status")).toHaveTextContent("1 of 2 uploaded · 1 refused · 1 failed");

    await userEvent.click(screen.getByRole("button", { name: "Retry b.jpg" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("2 of 2 uploaded · 1 refused"));
    await userEvent.type(within(card).getByRole("textbox", { name: /Caption/ }), "Beach");
    await userEvent.click(screen.getByRole("button", { name: "Save all (1 memory)" }));

    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
    expect(seen[0]?.input).toMatchObject({
      timelineId: "t-1",
      mediaIds: ["m-a", "m-b"],
      caption: "Beach",
      location: "Lisbon, Portugal",
      memoryDate: "2024-03-03",
    });
  });

  it("skips a photo already in the timeline, says so, and offers to open it", async () => {
    vi.mocked(findDuplicate).mockImplementation(async (_timeline, file) =>
      (file as File).name === "old.jpg" ? "m-old" : null,
    );
    vi.mocked(uploadResumable).mockImplementation(async (file: File) => result(`m-${file.name}`));
    renderAddMany();
    await choose([photo("old.jpg"), photo("new.jpg", 1)]);
    expect(await screen.findByText("old.jpg: Already in this timeline")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open it" })).toHaveAttribute(
      "href",
      "/app/view-timeline?id=t-1&memory=m-old",
    );
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("1 of 1 uploaded · 1 already in this timeline"),
    );
    expect(vi.mocked(uploadResumable).mock.calls.map(([file]) => file.name)).toEqual(["new.jpg"]);
  });

  it("keeps the first hundred of a larger choice and says so", async () => {
    vi.mocked(uploadResumable).mockImplementation(() => new Promise(() => undefined));
    renderAddMany();
    await choose(Array.from({ length: 104 }, (_, i) => photo(`p${i}.jpg`, i)));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Add many takes up to 100 photos and videos at a time: the first 100 are kept, 4 files were left out.",
    );
    expect(await screen.findAllByTestId("trip-memory")).toHaveLength(10);
    // three at a time
    expect(uploadResumable).toHaveBeenCalledTimes(3);
  });
});
