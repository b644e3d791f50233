import type { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import exifr from "exifr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeUploads } from "../../../features/memories/testing/fake-uploads";
import { fakeUploads } from "../../../features/memories/testing/upload-file-mock";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import {
  DeleteMemoryDocument,
  EditMemoryDocument,
  UpdateMemoryDocument,
  ViewTimelineDocument,
  type UpdateMemoryMutationVariables,
} from "../../../gql/graphql";
import { recordingMock } from "../../../testing/mutation-mock";
import { locationOf, screenRenderer } from "../../../testing/render";
import { cacheViewedTimeline } from "../../testing/view-timeline-cache";
import { EditMemoryScreen } from "./edit-memory-screen";
import { timelineAudienceMock } from "../../../features/timelines/testing/audience-mocks";
import { allowConsoleErrors } from "../../../testing/console-errors";

vi.mock("exifr", () => ({ default: { parse: vi.fn() } }));
vi.mock(
  "../../../features/memories/api/upload-file",
  () => import("../../../features/memories/testing/upload-file-mock"),
);

const memory = {
  ...aMemory(),
  privacy: null,
  pendingPrivacy: null,
  privacyRequestedBy: null,
  timeline: { __typename: "Timeline", id: "t-1", title: "Summer in Lisbon", privacy: "PUBLIC", isParticipant: true },
};

function editMock(value: unknown = memory): MockLink.MockedResponse {
  return { request: { query: EditMemoryDocument, variables: { id: "m-1" } }, result: { data: { memory: value } } };
}

function updateMock(seen: UpdateMemoryMutationVariables[], outcome: "ok" | Error = "ok"): MockLink.MockedResponse {
  const timeline = { __typename: "Timeline", id: "t-1", lastActivity: "2024-06-15T10:00:00.000Z", previewImages: [] };
  const memory = {
    ...aMemory({ caption: "Sunset, again" }),
    privacy: null,
    pendingPrivacy: null,
    privacyRequestedBy: null,
    timeline,
  };
  const data = { updateMemory: { __typename: "UpdateMemoryPayload", memory } };
  return recordingMock(UpdateMemoryDocument, seen, outcome instanceof Error ? outcome : { data });
}

function deleteMock(outcome: "ok" | Error = "ok"): MockLink.MockedResponse {
  return {
    request: { query: DeleteMemoryDocument, variables: { input: { id: "m-1" } } },
    delay: 300,
    ...(outcome instanceof Error
      ? { error: outcome }
      : {
          result: {
            data: { deleteMemory: { __typename: "DeleteMemoryPayload", deletedId: "m-1", timelineId: "t-1" } },
          },
        }),
  } as MockLink.MockedResponse;
}

const render = screenRenderer(<EditMemoryScreen />, "/app/edit-memory", {
  at: "/app/edit-memory?id=m-1",
  mocks: [timelineAudienceMock("t-1", { count: 14, known: ["Maya"] }, { count: 40, known: ["Maya"] })],
});

describe("Edit Memory (docs/product.md §2, §6, §8)", () => {
  beforeEach(() => {
    fakeUploads.current = createFakeUploads();
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    vi.mocked(exifr.parse).mockReset();
  });

  it("goes back without an id", async () => {
    const { router } = render([], "/app/edit-memory", { history: ["/app/view-timeline?id=t-1"] });
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
  });

  it("goes back when the memory is missing (to the list when there is nowhere to go back to)", async () => {
    const { router } = render([editMock(null)]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
  });

  it("sends someone who may not edit to Timelines", async () => {
    const { router } = render([editMock({ ...memory, canEdit: false })]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
  });

  it("shows the memory's fields and media, and saves the changes", async () => {
    const user = userEvent.setup();
    const seen: UpdateMemoryMutationVariables[] = [];
    const { router } = render([editMock(), updateMock(seen)]);
    expect(await screen.findByRole("heading", { level: 1, name: "Edit Memory" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute(
      "src",
      "/media/media-1/display",
    );
    expect(screen.getByRole("button", { name: "Replace Media" })).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveValue("2024-01-05");
    expect(screen.getByRole("textbox", { name: "Location" })).toHaveValue("Lisbon");
    const caption = screen.getByRole("textbox", { name: "Caption" });
    await user.clear(caption);
    await user.type(caption, "Sunset, again");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
    expect(await screen.findByText("Memory saved")).toBeInTheDocument();
    expect(seen[0]).toEqual({
      input: {
        id: "m-1",
        caption: "Sunset, again",
        location: "Lisbon",
        memoryDate: "2024-01-05",
        meaning: "The evening we decided to stay another week.",
      },
    });
  });

  it("offers Who can see this memory, the same as the timeline by default, with the audience line, and sends a narrower tier only when changed (docs/decisions/052-memory-privacy.md)", async () => {
    const user = userEvent.setup();
    const seen: UpdateMemoryMutationVariables[] = [];
    render([editMock(), updateMock(seen)]);
    const group = await screen.findByRole("group", { name: "Who can see this memory" });
    const same = within(group).getByRole("radio", { name: /Same as the timeline/ });
    expect(same).toBeChecked();
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["", "SEMI_PRIVATE", "PRIVATE"]);
    // each choice says who it lets in right now, as the timeline screens do
    await waitFor(() => expect(same).toHaveAccessibleDescription("About 40 people, including Maya"));
    expect(within(group).getByRole("radio", { name: /Private/ })).toHaveAccessibleDescription("Only you two");
    await user.click(within(group).getByRole("radio", { name: /Private/ }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.input).toMatchObject({ id: "m-1", privacy: "PRIVATE" });
  });

  it("does not send the memory's tier when it was not changed", async () => {
    const user = userEvent.setup();
    const seen: UpdateMemoryMutationVariables[] = [];
    render([editMock({ ...memory, privacy: "SEMI_PRIVATE" }), updateMock(seen)]);
    const group = await screen.findByRole("group", { name: "Who can see this memory" });
    expect(within(group).getByRole("radio", { name: /Semi-private/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.input).not.toHaveProperty("privacy");
  });

  it("gives the timeline's other participant their own note beside the creator's, which they read but cannot change (docs/decisions/027-two-voices.md, 037)", async () => {
    const user = userEvent.setup();
    const seen: UpdateMemoryMutationVariables[] = [];
    const { router } = render([
      editMock({
        ...memory,
        canWriteMeaning: false,
        canWritePartnerMeaning: true,
        partnerMeaning: "Ben's first words",
      }),
      updateMock(seen),
    ]);
    const own = await screen.findByRole("textbox", { name: "Your note" });
    expect(own).toHaveValue("Ben's first words");
    expect(screen.queryByRole("textbox", { name: "Why this moment matters" })).toBeNull();
    const theirs = screen.getByRole("figure", { name: "Why this moment matters" });
    expect(theirs).toHaveTextContent("The evening we decided to stay another week.");
    expect(theirs).toHaveTextContent("Ana's words; only they can change them");
    await user.clear(own);
    await user.click(own);
    await user.paste("x".repeat(1001));
    expect(screen.getByRole("status")).toHaveTextContent("⚠️ Character limit exceeded (1001/1000)");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await user.clear(own);
    await user.type(own, " Ben, again ");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
    expect(seen[0]!.input).toMatchObject({ id: "m-1", partnerMeaning: "Ben, again" });
    expect(seen[0]!.input).not.toHaveProperty("meaning");
  });

  it("names the other person before deleting their memory, and says they will be told", async () => {
    const user = userEvent.setup();
    render([editMock({ ...memory, canWriteMeaning: false })]);
    await user.click(await screen.findByRole("button", { name: "Delete Memory" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete Ana's memory?" });
    expect(dialog).toHaveAccessibleDescription(
      "Ana added this memory. It will be gone for both of you, and Ana will be told. This action cannot be undone.",
    );
  });

  it("shows the creator no note of the other person's to write", async () => {
    render([editMock()]);
    expect(await screen.findByRole("heading", { level: 1, name: "Edit Memory" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Your note" })).toBeNull();
  });

  it("replaces the media with a newly uploaded file, keeping the date", async () => {
    vi.mocked(exifr.parse).mockResolvedValue({ DateTimeOriginal: new Date(2023, 6, 14) });
    const seen: UpdateMemoryMutationVariables[] = [];
    render([editMock(), updateMock(seen)]);
    await screen.findByRole("heading", { level: 1, name: "Edit Memory" });
    await act(async () => {
      fireEvent.change(document.querySelector('input[type="file"]')!, {
        target: { files: [new File(["x"], "new.jpg", { type: "image/jpeg" })] },
      });
    });
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute("src", "blob:preview");
    await act(async () => fakeUploads.current!.latest().succeed());
    expect(screen.getByLabelText("Date")).toHaveValue("2024-01-05");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.input.mediaId).toBe("upload-1");
  });

  it("shows the spec's alert when saving fails", async () => {
    allowConsoleErrors(/updateMemory failed/); // the screen logs the failure it shows
    const seen: UpdateMemoryMutationVariables[] = [];
    render([editMock(), updateMock(seen, new Error("boom"))]);
    fireEvent.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "There was an issue saving your memory. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  });

  it("asks before deleting; Cancel keeps the memory and returns focus", async () => {
    const user = userEvent.setup();
    render([editMock()]);
    const remove = await screen.findByRole("button", { name: "Delete Memory" });
    await user.click(remove);
    const dialog = screen.getByRole("alertdialog", { name: "Delete this memory?" });
    expect(dialog).toHaveAccessibleDescription(
      "Are you sure you want to delete this memory? This action cannot be undone.",
    );
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(remove).toHaveFocus();
  });

  it("deletes after confirmation, updates the timeline in the cache, and goes to the timeline", async () => {
    const user = userEvent.setup();
    const { router, cache } = render([editMock(), deleteMock()]);
    cacheViewedTimeline(cache, [aMemory(), aMemory({ id: "m-2", media: { id: "media-2" } })]);
    await user.click(await screen.findByRole("button", { name: "Delete Memory" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("button", { name: "Deleting..." })).toBeDisabled();
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
    const view = cache.readQuery({ query: ViewTimelineDocument, variables: { id: "t-1" } });
    expect(view?.timeline?.memories.edges.map((e) => e.node.id)).toEqual(["m-2"]);
    expect(view?.timeline?.memoryCount).toBe(1);
  });

  it("shows the spec's message when deleting fails", async () => {
    allowConsoleErrors(/deleteMemory failed/); // the screen logs the failure it shows
    const user = userEvent.setup();
    render([editMock(), deleteMock(new Error("boom"))]);
    await user.click(await screen.findByRole("button", { name: "Delete Memory" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete memory. Please try again.");
  });
});
