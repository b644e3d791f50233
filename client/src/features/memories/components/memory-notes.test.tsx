import type { MockLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  EditMemoryDocument,
  SavePartnerNoteDocument,
  useEditMemoryQuery,
  type SavePartnerNoteMutationVariables,
} from "../../../gql/graphql";
import { recordingMock } from "../../../testing/mutation-mock";
import { renderScreen } from "../../../testing/render";
import { SAVE_NOTE_ERROR } from "../lib/messages";
import { aMemory, anEditableMemory } from "../testing/memory-mocks";
import { MemoryViewer } from "./memory-viewer";
import { allowConsoleErrors } from "../../../testing/console-errors";

/**
 * Two voices in the viewer's card (docs/decisions/027-two-voices.md): both notes under their
 * authors' names; the partner adds or changes theirs in place, everyone else only reads.
 */

type MockMemory = ReturnType<typeof aMemory>;

function memoryMock(memory: MockMemory): MockLink.MockedResponse {
  return {
    request: { query: EditMemoryDocument, variables: { id: memory.id } },
    result: { data: { memory: anEditableMemory(memory) } },
  };
}

function saveMock(
  seen: SavePartnerNoteMutationVariables[],
  outcome: { partnerMeaning: string | null } | Error,
): MockLink.MockedResponse {
  if (outcome instanceof Error) return recordingMock(SavePartnerNoteDocument, seen, outcome);
  const memory = { __typename: "Memory", id: "m-1", partnerMeaning: outcome.partnerMeaning };
  return recordingMock(SavePartnerNoteDocument, seen, {
    data: { updateMemory: { __typename: "UpdateMemoryPayload", memory } },
  });
}

/** The viewer over the cache, as the screens use it: a saved note shows through the cache. */
function CachedViewer() {
  const { data } = useEditMemoryQuery({ variables: { id: "m-1" } });
  if (!data?.memory) return null;
  return <MemoryViewer memories={[data.memory]} startId="m-1" onClose={() => undefined} />;
}

async function openNotes(memory: MockMemory, extra: MockLink.MockedResponse[] = []) {
  renderScreen(<CachedViewer />, { mocks: [memoryMock(memory), ...extra] });
  const dialog = await screen.findByRole("dialog", { name: memory.caption });
  return within(dialog).getByRole("region", { name: "Why this moment matters" });
}

const voices = (region: HTMLElement) =>
  [...region.querySelectorAll("figure")].map((figure) => ({
    author: figure.querySelector("figcaption")?.textContent,
    text: figure.querySelector("p")?.textContent,
  }));

describe("MemoryNotes: two voices on one memory", () => {
  it("shows both notes, each under its author's name, and offers nothing to write to someone else", async () => {
    const region = await openNotes(aMemory({ partnerMeaning: "The light on the river." }));
    expect(voices(region)).toEqual([
      { author: "Ana", text: "The evening we decided to stay another week." },
      { author: "Ben", text: "The light on the river." },
    ]);
    expect(within(region).queryByRole("button", { name: /your note/ })).toBeNull();
  });

  it("shows the partner's note alone when the creator wrote none; the name falls back to the username", async () => {
    const region = await openNotes(
      aMemory({
        meaning: "",
        partnerMeaning: "Only mine.",
        // the cache's User, with a blank display name
        partner: { __typename: "User", id: "u-ben", displayName: " ", username: "ben" } as {
          id: string;
          displayName: string;
          username: string;
        },
      }),
    );
    expect(voices(region)).toEqual([{ author: "ben", text: "Only mine." }]);
  });

  it("lets the partner add their note: the 1,000 limit as in every field, then a toast and the note in place", async () => {
    const user = userEvent.setup();
    const seen: SavePartnerNoteMutationVariables[] = [];
    const region = await openNotes(aMemory({ canWritePartnerMeaning: true }), [
      saveMock(seen, { partnerMeaning: "We found the café." }),
    ]);
    await user.click(within(region).getByRole("button", { name: "Add your note" }));
    const field = within(region).getByLabelText("Your note");
    expect(field).toHaveFocus();
    await user.paste("x".repeat(1001));
    expect(within(region).getByRole("status")).toHaveTextContent("⚠️ Character limit exceeded (1001/1000)");
    expect(within(region).getByRole("button", { name: "Save note" })).toBeDisabled();

    await user.clear(field);
    await user.paste("  We found the café.  ");
    await user.click(within(region).getByRole("button", { name: "Save note" }));
    expect(await screen.findByText("Your note is saved")).toBeInTheDocument();
    expect(seen).toEqual([{ id: "m-1", partnerMeaning: "We found the café." }]);
    await waitFor(() =>
      expect(voices(region)).toEqual([
        { author: "Ana", text: "The evening we decided to stay another week." },
        { author: "Ben", text: "We found the café." },
      ]),
    );
    expect(within(region).queryByLabelText("Your note")).toBeNull();
    expect(within(region).getByRole("button", { name: "Edit your note" })).toHaveFocus();
  });

  it("lets the partner change or clear their note (an empty note clears it)", async () => {
    const user = userEvent.setup();
    const seen: SavePartnerNoteMutationVariables[] = [];
    const region = await openNotes(aMemory({ canWritePartnerMeaning: true, partnerMeaning: "Old words." }), [
      saveMock(seen, { partnerMeaning: null }),
    ]);
    await user.click(within(region).getByRole("button", { name: "Edit your note" }));
    const field = within(region).getByLabelText("Your note");
    expect(field).toHaveValue("Old words.");
    await user.clear(field);
    await user.click(within(region).getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(seen).toEqual([{ id: "m-1", partnerMeaning: "" }]));
    await waitFor(() => expect(voices(region)).toEqual([{ author: "Ana", text: aMemory().meaning }]));
    expect(within(region).getByRole("button", { name: "Add your note" })).toBeInTheDocument();
  });

  it("keeps the text and says so inline when the save fails; Cancel leaves the note as it was", async () => {
    allowConsoleErrors(/savePartnerNote failed/); // the screen logs the failure it shows
    const user = userEvent.setup();
    const region = await openNotes(aMemory({ canWritePartnerMeaning: true }), [saveMock([], new Error("offline"))]);
    await user.click(within(region).getByRole("button", { name: "Add your note" }));
    await user.type(within(region).getByLabelText("Your note"), "Kept");
    await user.click(within(region).getByRole("button", { name: "Save note" }));
    expect(await within(region).findByRole("alert")).toHaveTextContent(SAVE_NOTE_ERROR);
    expect(within(region).getByLabelText("Your note")).toHaveValue("Kept");
    await user.click(within(region).getByRole("button", { name: "Cancel" }));
    expect(voices(region)).toEqual([{ author: "Ana", text: aMemory().meaning }]);
  });

  it("shows the card to the partner even before anyone wrote a word, so they can add theirs", async () => {
    const region = await openNotes(aMemory({ meaning: "", canWritePartnerMeaning: true }));
    expect(voices(region)).toEqual([]);
    expect(within(region).getByRole("button", { name: "Add your note" })).toBeInTheDocument();
  });
});
