import type { MockLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EditMemoryDocument, MemoryMediaStatusDocument, useEditMemoryQuery } from "../../../gql/graphql";
import { renderScreen } from "../../../testing/render";
import { aMemory, anEditableMemory } from "../testing/memory-mocks";
import { MemoryViewer } from "./memory-viewer";
import { VIDEO_FAILED, VIDEO_PREPARING } from "./viewer-media";

/**
 * A video the server is still preparing (docs/decisions/034-media-formats.md): its poster and a
 * calm note, asked again until it is READY, then it plays, with no reload; a FAILED one says so.
 */

const POSTER = "/media/media-1/poster?exp=1&sig=p";
const VIDEO = "/media/media-1/video?exp=1&sig=v";

const video = (status: "PREPARING" | "FAILED") =>
  aMemory({ media: { type: "VIDEO", status, url: null, posterUrl: POSTER, thumbUrl: "/media/media-1/thumb" } });

function memoryMock(memory: ReturnType<typeof aMemory>): MockLink.MockedResponse {
  return {
    request: { query: EditMemoryDocument, variables: { id: memory.id } },
    result: { data: { memory: anEditableMemory(memory) } },
  };
}

function statusMock(status: "PREPARING" | "READY"): MockLink.MockedResponse {
  const media = {
    __typename: "Media",
    id: "media-1",
    status,
    url: status === "READY" ? VIDEO : null,
    thumbUrl: "/media/media-1/thumb",
    posterUrl: POSTER,
    width: 180,
    height: 320,
  };
  return {
    request: { query: MemoryMediaStatusDocument, variables: { id: "m-1" } },
    result: { data: { memory: { __typename: "Memory", id: "m-1", media, items: [media] } } },
  };
}

/** The viewer over the cache, as the screens use it. */
function CachedViewer() {
  const { data } = useEditMemoryQuery({ variables: { id: "m-1" } });
  if (!data?.memory) return null;
  return <MemoryViewer memories={[data.memory]} startId="m-1" onClose={() => undefined} />;
}

describe("a video the server is preparing", () => {
  it("shows its poster and 'Preparing video…', then plays once the server has it ready", async () => {
    const memory = video("PREPARING");
    renderScreen(<CachedViewer />, { mocks: [memoryMock(memory), statusMock("READY")] });
    const dialog = await screen.findByRole("dialog", { name: memory.caption });
    expect(within(dialog).getByRole("status")).toHaveTextContent(VIDEO_PREPARING);
    expect(within(dialog).getByRole("img", { name: /./ })).toHaveAttribute("src", POSTER);
    // the poll's answer updates the cached media: the video element appears by itself
    const player = await within(dialog).findByLabelText(/./, { selector: "video" });
    expect(player).toHaveAttribute("src", VIDEO);
    expect(player).toHaveAttribute("poster", POSTER);
    expect(within(dialog).queryByText(VIDEO_PREPARING)).not.toBeInTheDocument();
  });

  it("a failed one shows its poster and says it could not be prepared, without asking again", async () => {
    const memory = video("FAILED");
    renderScreen(<CachedViewer />, { mocks: [memoryMock(memory)] });
    const dialog = await screen.findByRole("dialog", { name: memory.caption });
    expect(within(dialog).getByRole("status")).toHaveTextContent(VIDEO_FAILED);
    expect(dialog.querySelector("video")).toBeNull();
  });
});
