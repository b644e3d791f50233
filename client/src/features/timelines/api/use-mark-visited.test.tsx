import { MockedProvider } from "@apollo/client/testing/react";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkTimelineVisitedDocument, type MarkTimelineVisitedMutationVariables } from "../../../gql/graphql";
import { recordingMock } from "../../../testing/mutation-mock";
import { useMarkTimelineVisited } from "./use-mark-visited";

const answer = {
  data: {
    markTimelineVisited: {
      __typename: "MarkTimelineVisitedPayload",
      timeline: { __typename: "Timeline", id: "t-1", newMemoryCount: 0 },
    },
  },
};

afterEach(() => vi.restoreAllMocks());

describe("useMarkTimelineVisited (docs/decisions/055-reminders-invite-links-and-new-marks.md)", () => {
  it("offline, waits without a word; back online, reports the visit once", async () => {
    let online = false;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    const seen: MarkTimelineVisitedMutationVariables[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MockedProvider mocks={[recordingMock(MarkTimelineVisitedDocument, seen, answer)]}>{children}</MockedProvider>
    );
    const { rerender } = renderHook(() => useMarkTimelineVisited("t-1", true), { wrapper });
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);

    online = true;
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(seen).toEqual([{ timelineId: "t-1" }]));
    rerender();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(1);
  });
});
