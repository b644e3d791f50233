import { screen, waitFor } from "@testing-library/react";
import type { GraphQLFormattedError } from "graphql";
import { beforeEach, describe, expect, it } from "vitest";
import { OpenInviteLinkDocument } from "../../../gql/graphql";
import { afterSignIn, keepPendingInvite } from "../../../lib/pending-invite";
import { locationOf, screenRenderer } from "../../../testing/render";
import { InviteScreen } from "./invite-screen";

const render = screenRenderer(<InviteScreen />, "/app/invite", { at: "/app/invite?token=tok" });
const openMock = (answer: { data: Record<string, unknown> } | { errors: GraphQLFormattedError[] }) => ({
  request: { query: OpenInviteLinkDocument, variables: { token: "tok" } },
  result: answer,
});

beforeEach(() => localStorage.clear());

describe("an invite link after sign-in (docs/decisions/055)", () => {
  it("opens the proposal for the invited person and forgets the kept token", async () => {
    keepPendingInvite("tok");
    const { router } = render([
      openMock({
        data: {
          openInviteLink: {
            __typename: "OpenInviteLinkPayload",
            timeline: { __typename: "Timeline", id: "t-9", status: "PENDING", canRespond: true },
          },
        },
      }),
    ]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-9"));
    expect(afterSignIn("/app")).toBe("/app");
  });

  it("tells someone else the link is not theirs, with a way back", async () => {
    const message =
      "This invite link was made for someone else, so it can't be used with this account. Nothing was changed.";
    render([openMock({ errors: [{ message, extensions: { code: "FORBIDDEN" } }] })]);
    expect(await screen.findByRole("heading", { name: "This invite link can't be used" })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Timelines" })).toHaveAttribute("href", "/app/timelines");
  });

  it("says so for a used or expired link", async () => {
    const message = "This invite link has expired. Ask for a new one.";
    render([openMock({ errors: [{ message, extensions: { code: "NOT_FOUND" } }] })]);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe("a link opened before signing in", () => {
  it("lands the sign-in on the invitation for an hour", () => {
    const now = Date.now();
    expect(afterSignIn("/app", now)).toBe("/app");
    keepPendingInvite("a b", now);
    expect(afterSignIn("/app", now)).toBe("/app/invite?token=a%20b");
    expect(afterSignIn("/app", now + 61 * 60_000)).toBe("/app");
  });
});
