import { connectionOf } from "../../../testing/connection";
import type { MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aPerson, aTimeline, me, noPrivacyRequest } from "../../../features/timelines/testing/timeline-mocks";
import { timelineAudienceMock } from "../../../features/timelines/testing/audience-mocks";
import {
  DeleteTimelineDocument,
  RespondToPrivacyChangeDocument,
  TimelinesDocument,
  TimelineSettingsDocument,
  UpdateTimelineDocument,
} from "../../../gql/graphql";
import { locationOf, screenRenderer } from "../../../testing/render";
import { TimelineSettingsScreen } from "./timeline-settings-screen";
import { allowConsoleErrors } from "../../../testing/console-errors";

function settingsMock(timeline: unknown = { ...aTimeline(), isParticipant: true }): MockLink.MockedResponse {
  return { request: { query: TimelineSettingsDocument, variables: { id: "t-1" } }, result: { data: { timeline } } };
}

function updateMock(
  input: Record<string, unknown>,
  outcome: "ok" | Error = "ok",
  answer: Record<string, unknown> = {},
): MockLink.MockedResponse {
  return {
    request: { query: UpdateTimelineDocument, variables: { input } },
    delay: 300,
    ...(outcome instanceof Error
      ? { error: outcome }
      : {
          result: {
            data: {
              updateTimeline: {
                __typename: "UpdateTimelinePayload",
                timeline: {
                  __typename: "Timeline",
                  id: "t-1",
                  title: input.title ?? "Summer in Lisbon",
                  status: "ACCEPTED",
                  privacy: input.privacy ?? "PRIVATE",
                  ...noPrivacyRequest,
                  ...answer,
                },
              },
            },
          },
        }),
  } as MockLink.MockedResponse;
}

function deleteMock(outcome: "ok" | Error = "ok"): MockLink.MockedResponse {
  return {
    request: { query: DeleteTimelineDocument, variables: { input: { id: "t-1" } } },
    delay: 300,
    ...(outcome instanceof Error
      ? { error: outcome }
      : { result: { data: { deleteTimeline: { __typename: "DeleteTimelinePayload", deletedId: "t-1" } } } }),
  } as MockLink.MockedResponse;
}

const audienceOfT1 = timelineAudienceMock("t-1", { count: 14, known: ["Maya", "Leo", "Sam"] }, { count: 0, known: [] });

const render = screenRenderer(<TimelineSettingsScreen />, "/app/timeline-settings", {
  at: "/app/timeline-settings?id=t-1",
  mocks: [audienceOfT1],
});

describe("Timeline Settings (docs/product.md §2, §5, §6, §8)", () => {
  it("goes to the list without an id", async () => {
    const { router } = render([], "/app/timeline-settings");
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
  });

  it.each([
    ["someone who is not one of its two people", { ...aTimeline(), isParticipant: false }],
    ["a missing timeline", null],
  ])("sends %s to the list", async (_label, timeline) => {
    const { router } = render([settingsMock(timeline)]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
  });

  it("edits the title and privacy and saves them", async () => {
    const user = userEvent.setup();
    const { router } = render([settingsMock(), updateMock({ id: "t-1", title: "Lisbon, always", privacy: "PUBLIC" })]);
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline Settings" })).toBeInTheDocument();
    const title = screen.getByRole("textbox", { name: /Title/ });
    expect(title).toHaveValue("Summer in Lisbon");
    expect(screen.getByRole("radio", { name: /Private/ })).toBeChecked();
    expect(screen.getByText(/Only you and Bo Jensen will see/)).toBeInTheDocument();
    await user.clear(title);
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await user.type(title, "Lisbon, always");
    await user.click(screen.getByRole("radio", { name: /Public/ }));
    // a wider tier is a question to the other person: the button says so
    await user.click(screen.getByRole("button", { name: "Ask Bo Jensen" }));
    expect(screen.getByRole("button", { name: "Asking..." })).toBeDisabled();
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
  });

  it("says under each tier who it lets in right now, as the radio's description", async () => {
    render([settingsMock()]);
    const semi = await screen.findByRole("radio", { name: /Semi-private/ });
    await waitFor(() => expect(semi).toHaveAccessibleDescription("About 14 people, including Maya and Leo"));
    expect(screen.getByRole("radio", { name: /Public/ })).toHaveAccessibleDescription("Only you two");
    const chosen = screen.getByRole("radio", { name: /Private/ });
    expect(chosen).toHaveAccessibleDescription(/^Only you two Only you and Bo Jensen will see/);
    // Private says it once: its audience line, without the hint that would repeat it
    expect(screen.getByRole("radio", { name: "Private" })).toBe(chosen);
    expect(screen.queryByText("Only the two of you")).not.toBeInTheDocument();
    expect(screen.getByText("About 14 people, including Maya and Leo")).toBeVisible();
  });

  it("with no connections on either side, says once that only the two see it whatever they choose", async () => {
    render([timelineAudienceMock("t-1", { count: 0, known: [] }, { count: 0, known: [] }), settingsMock()]);
    expect(await screen.findByText("Right now only you two, whatever you choose")).toBeVisible();
    expect(screen.queryByText("Only you two")).toBeNull();
    expect(screen.getByText("Only the two of you")).toBeInTheDocument();
  });

  describe("two keys to widen (docs/decisions/026-two-keys-privacy.md)", () => {
    const requested = (by: typeof me, pendingPrivacy = "PUBLIC") => ({
      ...aTimeline(),
      isParticipant: true,
      pendingPrivacy,
      privacyRequestedAt: "2024-01-06T10:00:00.000Z",
      privacyRequestedBy: { __typename: "User", id: by.id, username: by.username, displayName: by.displayName },
    });

    it("explains the rule where the tier is chosen, and says a wider tier waits for the other person", async () => {
      const user = userEvent.setup();
      const asked = updateMock({ id: "t-1", title: "Summer in Lisbon", privacy: "PUBLIC" }, "ok", {
        privacy: "PRIVATE",
        pendingPrivacy: "PUBLIC",
        privacyRequestedAt: "2024-01-06T10:00:00.000Z",
        privacyRequestedBy: { __typename: "User", id: me.id, username: me.username, displayName: me.displayName },
      });
      const { router } = render([settingsMock(), asked]);
      expect(await screen.findByTestId("privacy-consent-rule")).toHaveTextContent(
        "Letting more people see it needs Bo Jensen to agree",
      );
      await user.click(screen.getByRole("radio", { name: /Public/ }));
      await user.click(screen.getByRole("button", { name: "Ask Bo Jensen" }));
      await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
      expect(
        await screen.findByText("Saved. Bo Jensen has been asked to agree to make this public"),
      ).toBeInTheDocument();
    });

    it("the button asks only for a wider tier; a narrower one, or the title, is saved", async () => {
      const user = userEvent.setup();
      render([settingsMock({ ...aTimeline({ privacy: "SEMI_PRIVATE" }), isParticipant: true })]);
      await user.click(await screen.findByRole("radio", { name: /Public/ }));
      expect(screen.getByRole("button", { name: "Ask Bo Jensen" })).toBeEnabled();
      await user.click(screen.getByRole("radio", { name: /^Private/ }));
      expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    });

    it("shows the person asked the same audience the asker saw, naming only people they know", async () => {
      render([settingsMock(requested(aPerson(), "SEMI_PRIVATE"))]);
      const panel = await screen.findByTestId("privacy-request");
      expect(panel).toHaveTextContent("Bo Jensen would like to make this semi-private");
      await waitFor(() =>
        expect(panel).toHaveTextContent("Who could see it then: About 14 people, including Maya and Leo"),
      );
    });

    it("does not explain it for a proposal: accepting it accepts its tier", async () => {
      render([settingsMock({ ...aTimeline({ status: "PENDING" }), isParticipant: true })]);
      expect(await screen.findByRole("heading", { level: 1, name: "Timeline Settings" })).toBeInTheDocument();
      expect(screen.queryByTestId("privacy-consent-rule")).toBeNull();
    });

    it("shows the asker who it waits for, and cancels by setting the current tier again", async () => {
      const user = userEvent.setup();
      render([settingsMock(requested(me)), updateMock({ id: "t-1", privacy: "PRIVATE" })]);
      const panel = await screen.findByTestId("privacy-request");
      expect(panel).toHaveTextContent("Waiting for Bo Jensen to agree to make this public");
      expect(panel).toHaveTextContent("Until then it stays private.");
      await user.click(within(panel).getByRole("button", { name: "Cancel request" }));
      expect(await screen.findByText("Request cancelled")).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByTestId("privacy-request")).toBeNull());
    });

    it("lets the other person accept the request, naming the tier it shows", async () => {
      const user = userEvent.setup();
      // the answer carries the tier on screen (docs/decisions/032-who-may-learn-whom.md)
      const accept: MockLink.MockedResponse = {
        request: { query: RespondToPrivacyChangeDocument, variables: { id: "t-1", accept: true, privacy: "PUBLIC" } },
        result: {
          data: {
            respondToPrivacyChange: {
              __typename: "RespondToPrivacyChangePayload",
              timeline: {
                __typename: "Timeline",
                id: "t-1",
                status: "ACCEPTED",
                privacy: "PUBLIC",
                ...noPrivacyRequest,
              },
            },
          },
        },
      };
      render([settingsMock(requested(aPerson())), accept]);
      const panel = await screen.findByTestId("privacy-request");
      expect(panel).toHaveTextContent("Bo Jensen would like to make this public");
      await user.click(within(panel).getByRole("button", { name: "Accept" }));
      expect(await screen.findByText("This timeline is now public")).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByTestId("privacy-request")).toBeNull());
    });

    it("says so when the request changed before the answer, and applies nothing", async () => {
      const user = userEvent.setup();
      const changed =
        "This request changed: it now asks to make the timeline semi-private. Please look at it again before you answer.";
      const refused: MockLink.MockedResponse = {
        request: { query: RespondToPrivacyChangeDocument, variables: { id: "t-1", accept: true, privacy: "PUBLIC" } },
        result: { errors: [new GraphQLError(changed, { extensions: { code: "CONFLICT" } })] },
      };
      render([settingsMock(requested(aPerson())), refused, settingsMock(requested(aPerson()))]);
      const panel = await screen.findByTestId("privacy-request");
      await user.click(within(panel).getByRole("button", { name: "Accept" }));
      expect(await within(panel).findByText(changed)).toBeInTheDocument();
      expect(screen.getByTestId("privacy-request")).toHaveTextContent("It stays private unless you agree.");
    });
  });

  it("keeps Save disabled over 100 characters, with the warning", async () => {
    const user = userEvent.setup();
    render([settingsMock()]);
    const title = await screen.findByRole("textbox", { name: /Title/ });
    await user.click(title);
    await user.paste("x".repeat(90));
    expect(screen.getByRole("status")).toHaveTextContent("⚠️ Character limit exceeded (106/100)");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  });

  it("shows the spec's message when saving fails", async () => {
    allowConsoleErrors(/updateTimeline failed/); // the screen logs the failure it shows
    const user = userEvent.setup();
    render([settingsMock(), updateMock({ id: "t-1", title: "Summer in Lisbon" }, new Error("x"))]);
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to save changes. Please try again.");
  });

  it("deletes the timeline from the Danger Zone after confirmation and goes to the list", async () => {
    const user = userEvent.setup();
    const { router, cache } = render([settingsMock(), deleteMock()]);
    cache.writeQuery({
      query: TimelinesDocument,
      data: { timelines: connectionOf("Timeline", [aTimeline(), aTimeline({ id: "t-2", title: "Other" })]) },
    });
    const zone = await screen.findByRole("region", { name: "Danger Zone" });
    await user.click(within(zone).getByRole("button", { name: "Delete Timeline" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete this timeline?" });
    expect(dialog).toHaveTextContent(/All of its memories will be deleted too/);
    await user.click(within(dialog).getByRole("button", { name: "Delete Timeline" }));
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
    expect(cache.readQuery({ query: TimelinesDocument })?.timelines.edges.map((e) => e.node.id)).toEqual(["t-2"]);
  });

  it("does nothing when the deletion is cancelled with Escape", async () => {
    const user = userEvent.setup();
    const { router } = render([settingsMock()]);
    await user.click(await screen.findByRole("button", { name: "Delete Timeline" }));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(locationOf(router)).toBe("/app/timeline-settings?id=t-1");
  });

  it("shows the spec's message when deleting fails", async () => {
    allowConsoleErrors(/deleteTimeline failed/); // the screen logs the failure it shows
    const user = userEvent.setup();
    render([settingsMock(), deleteMock(new Error("x"))]);
    await user.click(await screen.findByRole("button", { name: "Delete Timeline" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete Timeline" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to delete timeline. Please try again.");
  });
});
