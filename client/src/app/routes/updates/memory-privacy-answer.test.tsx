import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  RespondToMemoryPrivacyChangeDocument,
  RespondToPrivacyChangeDocument,
  type RespondToMemoryPrivacyChangeMutationVariables,
} from "../../../gql/graphql";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import { recordingMock } from "../../../testing/mutation-mock";
import { renderScreen } from "../../../testing/render";
import { PrivacyRequestAnswer } from "../../../features/notifications/components/privacy-request-answer";

/** A memory's request to widen is answered on the memory (docs/decisions/052-memory-privacy.md). */
describe("Accept and Reject on a memory's request to widen, in Updates", () => {
  const memory = { ...aMemory(), privacy: "SEMI_PRIVATE", pendingPrivacy: null, privacyRequestedBy: null };
  const answered = { respondToMemoryPrivacyChange: { __typename: "RespondToMemoryPrivacyChangePayload", memory } };

  it("Accept names the memory and the tier it agrees to", async () => {
    const user = userEvent.setup();
    const seen: RespondToMemoryPrivacyChangeMutationVariables[] = [];
    const timelineAnswers: unknown[] = [];
    const onAnswered = vi.fn();
    renderScreen(
      <PrivacyRequestAnswer
        timelineId="t-1"
        memoryId="m-1"
        privacy="SEMI_PRIVATE"
        describedBy="notice"
        onAnswered={onAnswered}
      />,
      {
        mocks: [
          recordingMock(RespondToMemoryPrivacyChangeDocument, seen, { data: answered }),
          recordingMock(RespondToPrivacyChangeDocument, timelineAnswers, { data: {} }),
        ],
      },
    );
    await user.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalled());
    expect(seen).toEqual([{ input: { id: "m-1", accept: true, privacy: "SEMI_PRIVATE" } }]);
    expect(timelineAnswers).toEqual([]);
  });

  it("Reject declines it", async () => {
    const user = userEvent.setup();
    const seen: RespondToMemoryPrivacyChangeMutationVariables[] = [];
    const onAnswered = vi.fn();
    renderScreen(
      <PrivacyRequestAnswer
        timelineId="t-1"
        memoryId="m-1"
        privacy="PUBLIC"
        describedBy="notice"
        onAnswered={onAnswered}
      />,
      { mocks: [recordingMock(RespondToMemoryPrivacyChangeDocument, seen, { data: answered })] },
    );
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalled());
    expect(seen).toEqual([{ input: { id: "m-1", accept: false, privacy: "PUBLIC" } }]);
  });
});
