import type { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import exifr from "exifr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeUploads } from "../../../features/memories/testing/fake-uploads";
import { fakeUploads } from "../../../features/memories/testing/upload-file-mock";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import {
  AddMemoryTimelineDocument,
  CreateMemoryDocument,
  ViewTimelineDocument,
  type CreateMemoryMutationVariables,
} from "../../../gql/graphql";
import { allowConsoleErrors } from "../../../testing/console-errors";
import { mockFetch } from "../../../testing/mock-fetch";
import { recordingMock } from "../../../testing/mutation-mock";
import { locationOf, screenRenderer } from "../../../testing/render";
import { cacheViewedTimeline } from "../../testing/view-timeline-cache";
import { AddMemoryScreen } from "./add-memory-screen";
import { timelineAudienceMock } from "../../../features/timelines/testing/audience-mocks";
import { findDuplicate } from "../../../features/memories/api/find-duplicate";

vi.mock("exifr", () => ({ default: { parse: vi.fn() } }));
vi.mock("../../../features/memories/api/find-duplicate", async (importActual) => ({
  ...(await importActual<typeof import("../../../features/memories/api/find-duplicate")>()),
  findDuplicate: vi.fn(async () => null),
}));
vi.mock(
  "../../../features/memories/api/upload-file",
  () => import("../../../features/memories/testing/upload-file-mock"),
);

// "Today" is 15 June 2024 (local time) in these tests.
const NOW = new Date(2024, 5, 15, 12, 0, 0);

function aPhoto({ name = "photo.jpg", type = "image/jpeg", lastModified = new Date(2024, 2, 3, 9, 0).getTime() } = {}) {
  return new File(["jpeg bytes"], name, { type, lastModified });
}

const timelineMock: MockLink.MockedResponse = {
  request: { query: AddMemoryTimelineDocument, variables: { id: "t-1" } },
  result: {
    data: {
      timeline: {
        __typename: "Timeline",
        id: "t-1",
        title: "Summer in Lisbon",
        privacy: "PUBLIC",
        isParticipant: true,
      },
    },
  },
};

function createMemoryMock(
  seen: CreateMemoryMutationVariables[],
  outcome: "ok" | Error = "ok",
  delay = 0,
): MockLink.MockedResponse {
  const timeline = {
    __typename: "Timeline",
    id: "t-1",
    memoryCount: 2,
    memoryMonths: [],
    lastActivity: "2024-06-15T10:00:00.000Z",
    previewImages: ["/media/m-new/thumb"],
  };
  const memory = { ...aMemory({ id: "m-new", caption: "Beach", memoryDate: "2023-07-14" }), timeline };
  const data = { createMemory: { __typename: "CreateMemoryPayload", memory } };
  return recordingMock(CreateMemoryDocument, seen, outcome instanceof Error ? outcome : { data }, { delay });
}

const audienceMock = timelineAudienceMock("t-1", { count: 14, known: ["Maya"] }, { count: 40, known: ["Maya"] });

const render = screenRenderer(<AddMemoryScreen />, "/app/add-memory", {
  at: "/app/add-memory?timeline_id=t-1",
  mocks: [audienceMock],
});

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const dateInput = () => screen.getByLabelText("Date") as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: "Add Memory" });

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files: [file] } });
  });
}

describe("Add Memory (docs/product.md §2, §4, §5)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    fakeUploads.current = createFakeUploads();
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    vi.mocked(exifr.parse).mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes to the list without a timeline id", async () => {
    const { router } = render([], "/app/add-memory");
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
  });

  it("requires a file; shows its preview and upload progress; the date input's maximum is today", async () => {
    vi.mocked(exifr.parse).mockResolvedValue({ DateTimeOriginal: new Date(2023, 6, 14, 18, 32, 5) });
    render([timelineMock]);
    expect(await screen.findByRole("heading", { level: 1, name: "Add Memory" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Summer in Lisbon" })).toHaveAttribute("href", "/app/view-timeline?id=t-1");
    expect(submit()).toBeDisabled();
    expect(dateInput()).toHaveAttribute("max", "2024-06-15");

    await choose(aPhoto());
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute("src", "blob:preview");
    expect(screen.getByRole("button", { name: "Replace Media" })).toBeInTheDocument();
    act(() => fakeUploads.current!.latest().progress(40));
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("Uploading… 40%")).toBeInTheDocument();
    await act(async () => fakeUploads.current!.latest().succeed());
    expect(screen.getByText("Uploaded")).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  describe("date prefill from the chosen file", () => {
    it.each([
      ["the photo's capture time", new Date(2023, 6, 14, 18, 32, 5), "2023-07-14"],
      ["the file's date when the capture time is more than 50 years ago", new Date(1970, 0, 1), "2024-03-03"],
      ["the file's date when the capture time is in the future", new Date(2024, 5, 16, 8, 0), "2024-03-03"],
    ])("uses %s", async (_label, captured, expected) => {
      vi.mocked(exifr.parse).mockResolvedValue({ DateTimeOriginal: captured });
      render([timelineMock]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      await choose(aPhoto());
      await waitFor(() => expect(dateInput()).toHaveValue(expected));
      expect(exifr.parse).toHaveBeenCalledWith(expect.any(File), ["DateTimeOriginal"]);
    });

    it("uses the file's date when the photo has no EXIF", async () => {
      vi.mocked(exifr.parse).mockRejectedValue(new Error("Unknown file format"));
      render([timelineMock]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      await choose(aPhoto({ lastModified: new Date(2022, 10, 2, 23, 30).getTime() }));
      await waitFor(() => expect(dateInput()).toHaveValue("2022-11-02"));
    });

    it("leaves a date the user already chose", async () => {
      vi.mocked(exifr.parse).mockResolvedValue({ DateTimeOriginal: new Date(2023, 6, 14) });
      render([timelineMock]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      fireEvent.change(dateInput(), { target: { value: "2020-02-02" } });
      await choose(aPhoto());
      await act(async () => {});
      expect(dateInput()).toHaveValue("2020-02-02");
    });
  });

  describe("the place named from the photo (docs/decisions/050-trip-uploads.md)", () => {
    const location = () => screen.getByLabelText("Location") as HTMLInputElement;

    it("prefills the place the server named, which the person may change or clear", async () => {
      render([timelineMock]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      await choose(aPhoto());
      await act(async () => fakeUploads.current!.latest().succeed({ place: "Lisbon, Portugal" }));
      await waitFor(() => expect(location()).toHaveValue("Lisbon, Portugal"));
      fireEvent.change(location(), { target: { value: "" } });
      expect(location()).toHaveValue("");
      // another photo does not put back a place the person cleared
      await choose(aPhoto({ name: "second.jpg" }));
      await act(async () => fakeUploads.current!.latest().succeed({ place: "Porto, Portugal" }));
      expect(location()).toHaveValue("");
    });

    it("leaves a place the person already wrote", async () => {
      render([timelineMock]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      fireEvent.change(location(), { target: { value: "Grandma's garden" } });
      await choose(aPhoto());
      await act(async () => fakeUploads.current!.latest().succeed({ place: "Lisbon, Portugal" }));
      expect(location()).toHaveValue("Grandma's garden");
    });
  });

  describe("the same photo twice (docs/decisions/050-trip-uploads.md)", () => {
    it("does not send a file already in this timeline: says so and offers to open it", async () => {
      vi.mocked(findDuplicate).mockResolvedValueOnce("m-old");
      render([timelineMock]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      const photo = aPhoto();
      await choose(photo);
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Already in this timeline");
      expect(within(alert).getByRole("link", { name: "Open it" })).toHaveAttribute(
        "href",
        "/app/view-timeline?id=t-1&memory=m-old",
      );
      expect(findDuplicate).toHaveBeenCalledWith("t-1", photo);
      expect(fakeUploads.current!.pending).toHaveLength(0);
      expect(submit()).toBeDisabled();
    });

    it("offers the memory the server names when it refuses the add (409)", async () => {
      allowConsoleErrors();
      const refusal: MockLink.MockedResponse = {
        request: { query: CreateMemoryDocument, variables: () => true },
        result: {
          errors: [{ message: "Already in this timeline", extensions: { code: "CONFLICT", duplicate_of: "m-old" } }],
        },
      };
      render([timelineMock, refusal]);
      await screen.findByRole("heading", { level: 1, name: "Add Memory" });
      await choose(aPhoto());
      await act(async () => fakeUploads.current!.latest().succeed());
      await userEvent.setup({ advanceTimers: () => {} }).click(submit());
      expect(await screen.findByText("Already in this timeline")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Open it" })).toHaveAttribute(
        "href",
        "/app/view-timeline?id=t-1&memory=m-old",
      );
    });
  });

  it("creates the memory with the uploaded media, tells friends and goes to the timeline", async () => {
    vi.mocked(exifr.parse).mockResolvedValue({ DateTimeOriginal: new Date(2023, 6, 14, 18, 32, 5) });
    const { calls } = mockFetch({ "POST /api/notifications/friend-photos-uploaded": { body: { success: true } } });
    const seen: CreateMemoryMutationVariables[] = [];
    const user = userEvent.setup({ advanceTimers: () => {} });
    const { router, cache } = render([timelineMock, createMemoryMock(seen, "ok", 300)]);
    cacheViewedTimeline(cache, [aMemory({ id: "m-old", memoryDate: "2024-01-05" })]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });

    await choose(aPhoto());
    await waitFor(() => expect(dateInput()).toHaveValue("2023-07-14"));
    await user.type(screen.getByRole("textbox", { name: "Caption" }), " Beach ");
    await user.type(screen.getByRole("textbox", { name: "Location" }), "Cascais");
    await user.type(screen.getByRole("textbox", { name: "Why this moment matters" }), "Our first swim");
    // Sent while the upload is still running: it waits for it.
    await user.click(submit());
    expect(screen.getByRole("button", { name: /Uploading… 0%/ })).toBeDisabled();
    await act(async () => fakeUploads.current!.latest().succeed());
    const adding = await screen.findByRole("button", { name: "Adding..." });
    expect(adding).toBeDisabled();

    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
    expect(await screen.findByText("Memory added")).toBeInTheDocument();
    expect(seen[0]).toEqual({
      input: {
        timelineId: "t-1",
        mediaId: "upload-1",
        caption: "Beach",
        location: "Cascais",
        memoryDate: "2023-07-14",
        meaning: "Our first swim",
      },
    });
    const view = cache.readQuery({ query: ViewTimelineDocument, variables: { id: "t-1" } });
    expect(view?.timeline?.memories.edges.map((e) => e.node.id)).toEqual(["m-old", "m-new"]);
    expect(view?.timeline?.memoryCount).toBe(2);
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ body: { timelineId: "t-1", photoCount: 1 } })),
    );
  });

  it("offers Who can see this memory, the same as the timeline by default, and sends a narrower tier (docs/decisions/052-memory-privacy.md)", async () => {
    mockFetch({ "POST /api/notifications/friend-photos-uploaded": { body: { success: true } } });
    const seen: CreateMemoryMutationVariables[] = [];
    const user = userEvent.setup({ advanceTimers: () => {} });
    render([timelineMock, createMemoryMock(seen)]);
    const group = await screen.findByRole("group", { name: "Who can see this memory" });
    const same = within(group).getByRole("radio", { name: /Same as the timeline/ });
    expect(same).toBeChecked();
    await waitFor(() => expect(same).toHaveAccessibleDescription("About 40 people, including Maya"));
    const semi = within(group).getByRole("radio", { name: /Semi-private/ });
    expect(semi).toHaveAccessibleDescription("About 14 people, including Maya");
    await user.click(semi);
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().succeed());
    await user.click(submit());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.input).toMatchObject({ timelineId: "t-1", privacy: "SEMI_PRIVATE" });
  });

  it("a video: only the upload's id is sent (the server makes the poster), its date is the server's reading", async () => {
    mockFetch({ "POST /api/notifications/friend-photos-uploaded": { body: { success: true } } });
    const seen: CreateMemoryMutationVariables[] = [];
    render([timelineMock, createMemoryMock(seen)]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(
      aPhoto({ name: "IMG_0001.MOV", type: "video/quicktime", lastModified: new Date(2024, 2, 3).getTime() }),
    );
    expect(screen.getByLabelText("Preview of the chosen video").tagName).toBe("VIDEO");
    expect(exifr.parse).not.toHaveBeenCalled();
    await act(async () =>
      fakeUploads.current!.latest().succeed({
        format: "mov",
        status: "preparing",
        file_url: null,
        poster_url: "/media/upload-1/poster?exp=1&sig=x",
        taken_at: "2023-07-14T18:32:05+02:00",
      }),
    );
    await waitFor(() => expect(dateInput()).toHaveValue("2023-07-14"));
    fireEvent.click(submit());
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(Object.keys(seen[0]!.input)).not.toContain("poster");
  });

  it("a file this browser cannot show: the server's picture of it once uploaded", async () => {
    render([timelineMock]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto({ name: "IMG_0002.HEIC", type: "image/heic" }));
    fireEvent.error(screen.getByAltText("Preview of the chosen photo"));
    expect(screen.getByText("The preview shows once the upload is done.")).toBeInTheDocument();
    await act(async () =>
      fakeUploads.current!.latest().succeed({ format: "heic", file_url: "/media/upload-1/display?x" }),
    );
    expect(screen.getByAltText("Preview of the chosen photo")).toHaveAttribute("src", "/media/upload-1/display?x");
  });

  it("refuses a date in the future with the spec's alert", async () => {
    const seen: CreateMemoryMutationVariables[] = [];
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    render([timelineMock, createMemoryMock(seen)]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().succeed());
    fireEvent.change(dateInput(), { target: { value: "2024-06-16" } });
    fireEvent.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent("Please select a past or present date for your memory");
    expect(dateInput()).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it("shows the counters and the over-limit warning, and will not send while a field is too long", async () => {
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    const user = userEvent.setup({ advanceTimers: () => {} });
    render([timelineMock]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().succeed());
    expect(screen.getByText("0/500")).toBeInTheDocument();
    expect(screen.getByText("0/200")).toBeInTheDocument();
    expect(screen.getByText("0/1000")).toBeInTheDocument();
    await user.click(screen.getByRole("textbox", { name: "Location" }));
    await user.paste("x".repeat(201));
    expect(screen.getByRole("status")).toHaveTextContent("⚠️ Character limit exceeded (201/200)");
    expect(submit()).toBeDisabled();
  });

  it("counts characters as a person sees them: emoji up to the limits can be sent (docs/decisions/017-hostile-input.md)", async () => {
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    const user = userEvent.setup({ advanceTimers: () => {} });
    render([timelineMock]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().succeed());
    const family = "👨‍👩‍👧‍👦"; // one character, eleven UTF-16 units
    for (const [name, count] of [
      ["Caption", 400],
      ["Location", 200],
      ["Why this moment matters", 1000],
    ] as const) {
      await user.click(screen.getByRole("textbox", { name }));
      await user.paste(family.repeat(count));
    }
    expect(screen.getByText("400/500")).toBeInTheDocument();
    expect(screen.getByText("200/200")).toBeInTheDocument();
    expect(screen.getByText("1000/1000")).toBeInTheDocument();
    expect(screen.queryByText(/Character limit exceeded/)).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it("shows an upload failure with the server's message and will not send", async () => {
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    render([timelineMock]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().fail("Failed to upload file: Unsupported file type"));
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to upload file: Unsupported file type");
    expect(screen.getByText("Upload failed")).toBeInTheDocument();
    // No preview of a file the server refused (no broken image), but Retry.
    expect(screen.queryByRole("img", { name: "Preview of the chosen photo" })).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it("retries a failed upload with the same file, then shows the preview and can send", async () => {
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    render([timelineMock]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    const photo = aPhoto();
    await choose(photo);
    await act(async () => fakeUploads.current!.latest().fail("Failed to upload file: Too many uploads"));
    const before = fakeUploads.current!.pending.length;
    await userEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Retry" }));
    expect(fakeUploads.current!.pending.length).toBe(before + 1);
    expect(fakeUploads.current!.latest().file).toBe(photo);
    await act(async () => fakeUploads.current!.latest().succeed());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toBeInTheDocument();
    expect(screen.getByText("Uploaded")).toBeInTheDocument();
  });

  it("a failed add shows the server's message and keeps what was typed for another try", async () => {
    allowConsoleErrors(/Failed to add memory/);
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    const user = userEvent.setup();
    const seen: CreateMemoryMutationVariables[] = [];
    const refusal = {
      ...createMemoryMock(seen),
      result: {
        errors: [{ message: "Caption must be at most 500 characters", extensions: { code: "BAD_USER_INPUT" } }],
      },
    } as MockLink.MockedResponse;
    const { router } = render([timelineMock, refusal, createMemoryMock(seen, new Error("Failed to fetch"))]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().succeed());
    await user.type(screen.getByRole("textbox", { name: "Caption" }), "Our first swim");
    await user.type(screen.getByRole("textbox", { name: "Why this moment matters" }), "Cold, and worth it");
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent("Caption must be at most 500 characters");
    expect(screen.getByRole("textbox", { name: "Caption" })).toHaveValue("Our first swim");
    expect(screen.getByRole("textbox", { name: "Why this moment matters" })).toHaveValue("Cold, and worth it");
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    // a failure the server did not explain (the network) says so plainly; the words stay
    await user.click(submit());
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "There was an issue adding your memory. Please try again.",
    );
    expect(screen.getByRole("textbox", { name: "Caption" })).toHaveValue("Our first swim");
    expect(locationOf(router)).toBe("/app/add-memory?timeline_id=t-1");
  });

  it("a file refused for what it is (its type, its size) offers no Retry, only another file", async () => {
    vi.mocked(exifr.parse).mockResolvedValue(undefined);
    render([timelineMock]);
    await screen.findByRole("heading", { level: 1, name: "Add Memory" });
    await choose(aPhoto());
    await act(async () => fakeUploads.current!.latest().fail("Failed to upload file: Unsupported file type", false));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Failed to upload file: Unsupported file type");
    expect(within(alert).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.getByRole("button", { name: "Replace Media" })).toBeEnabled();
  });

  it("sends someone who is not in the timeline to the timeline", async () => {
    const { router } = render([
      {
        request: { query: AddMemoryTimelineDocument, variables: { id: "t-1" } },
        result: {
          data: {
            timeline: { __typename: "Timeline", id: "t-1", title: "Theirs", privacy: "PUBLIC", isParticipant: false },
          },
        },
      },
    ]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
  });
});
