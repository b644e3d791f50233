import { connectionOf } from "../../../testing/connection";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { MockLink } from "@apollo/client/testing";
import { aPerson, aTimeline } from "../../../features/timelines/testing/timeline-mocks";
import { audiencePreviewMock } from "../../../features/timelines/testing/audience-mocks";
import {
  CollaboratorByIdentifierDocument,
  CreateTimelineDocument,
  SearchCollaboratorsDocument,
  TimelinesDocument,
} from "../../../gql/graphql";
import { mockFetch } from "../../../testing/mock-fetch";
import { locationOf, screenRenderer } from "../../../testing/render";
import { CreateTimelineScreen } from "./create-timeline-screen";
import { allowConsoleErrors } from "../../../testing/console-errors";

const bo = aPerson();

function searchMock(query: string, users: unknown[]): MockLink.MockedResponse {
  return {
    request: { query: SearchCollaboratorsDocument, variables: { query } },
    result: { data: { searchUsers: users } },
  };
}

function createMock(input: Record<string, unknown>, result: MockLink.MockedResponse["result"] | Error, delay = 0) {
  const created = aTimeline({
    id: "t-new",
    title: String(input.title),
    status: "PENDING",
    privacy: input.privacy as never,
  });
  return {
    request: { query: CreateTimelineDocument, variables: { input } },
    delay,
    ...(result instanceof Error
      ? { error: result }
      : {
          result: result ?? {
            data: {
              createTimeline: {
                __typename: "CreatePayload",
                timeline: { ...created, memoryCount: 0, isParticipant: true },
              },
            },
          },
        }),
  } as MockLink.MockedResponse;
}

/** The asker's side alone until Bo is chosen; with Bo, his people too. */
const previewAnswer = (v: Record<string, unknown>) =>
  v.collaboratorId === "u-2"
    ? { semiPrivate: { count: 14, known: ["Maya", "Leo"] }, public: { count: 1, known: [] } }
    : { semiPrivate: { count: 0, known: [] }, public: { count: 2, known: ["Maya", "Leo"] } };

/** A test's own audience preview mock, given among its mocks, answers before the default one. */
const render = screenRenderer(<CreateTimelineScreen />, "/app/create-timeline", {
  mocks: [audiencePreviewMock(previewAnswer)],
});

const submitButton = () => screen.getByRole("button", { name: "Create Timeline" });

async function chooseBo(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("combobox", { name: /Collaborator/ }), "bo");
  const option = await screen.findByRole("option", { name: /Bo Jensen/ });
  await user.click(option);
}

describe("Create Timeline (docs/product.md §2, §5)", () => {
  it("keeps Create Timeline disabled until there is a title and a chosen collaborator", async () => {
    const user = userEvent.setup();
    render([searchMock("bo", [bo])]);
    expect(screen.getByRole("heading", { level: 1, name: "Create Timeline" })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Summer");
    expect(screen.getByText("6/100")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    // Typing a name is not choosing: submit stays disabled until a suggestion is picked.
    await user.type(screen.getByRole("combobox", { name: /Collaborator/ }), "bo");
    await screen.findByRole("option", { name: /Bo Jensen/ });
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByRole("option", { name: /Bo Jensen/ }));
    expect(screen.getByRole("group", { name: "Collaborator" })).toHaveTextContent("@bo");
    expect(submitButton()).toBeEnabled();
  });

  it("warns over 100 characters and disables submit; a blank title is not a title", async () => {
    const user = userEvent.setup();
    render([searchMock("bo", [bo])]);
    await chooseBo(user);
    const title = screen.getByRole("textbox", { name: /Title/ });
    await user.click(title);
    await user.paste("x".repeat(101));
    expect(screen.getByRole("status")).toHaveTextContent("⚠️ Character limit exceeded (101/100)");
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(submitButton()).toBeDisabled();
    await user.clear(title);
    await user.type(title, "   ");
    expect(submitButton()).toBeDisabled();
  });

  it("offers at most 10 suggestions, reachable with the arrow keys", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) =>
      aPerson({ id: `u-${i + 10}`, username: `bo${i}`, displayName: `Bo ${i}` }),
    );
    render([searchMock("bo", many)]);
    const combo = screen.getByRole("combobox", { name: /Collaborator/ });
    await user.type(combo, "bo");
    const listbox = await screen.findByRole("listbox", { name: "Suggestions" });
    expect(within(listbox).getAllByRole("option")).toHaveLength(10);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(combo).toHaveAttribute("aria-activedescendant", within(listbox).getAllByRole("option")[1]!.id);
    await user.keyboard("{Enter}");
    expect(screen.getByRole("group", { name: "Collaborator" })).toHaveTextContent("@bo1");
  });

  it("explains exactly who will see the timeline for each privacy tier", async () => {
    const user = userEvent.setup();
    render([searchMock("bo", [bo])]);
    await chooseBo(user);
    expect(screen.getByRole("radio", { name: /Private/ })).toBeChecked();
    expect(screen.getByText(/Only you and Bo Jensen will see this timeline/)).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Semi-private/ }));
    expect(screen.getByText(/within 2 degrees of either of you/)).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Public/ }));
    expect(
      screen.getByText(/up to 6 connections .* Strangers with no connection to either of you never will/),
    ).toBeInTheDocument();
  });

  it("says under each tier who it would let in, once the chosen collaborator settles", async () => {
    const user = userEvent.setup();
    const asked: Record<string, unknown>[] = [];
    render([searchMock("bo", [bo]), audiencePreviewMock(previewAnswer, asked)]);
    const semi = screen.getByRole("radio", { name: /Semi-private/ });
    const pub = screen.getByRole("radio", { name: /Public/ });
    await waitFor(() => expect(pub).toHaveAccessibleDescription("2 people: Maya and Leo"));
    expect(semi).toHaveAccessibleDescription("Only you two");
    expect(screen.getByRole("radio", { name: /Private/ })).toHaveAccessibleDescription(/^Only you two /);
    // Private says it once: its audience line, without the hint that would repeat it
    expect(screen.getByRole("radio", { name: "Private" })).toBeInTheDocument();
    expect(screen.queryByText("Only the two of you")).not.toBeInTheDocument();
    await chooseBo(user);
    await waitFor(() => expect(semi).toHaveAccessibleDescription("About 14 people, including Maya and Leo"));
    expect(pub).toHaveAccessibleDescription("1 person");
    // asked once for the asker alone and once for Bo, never for what was typed in between
    expect(asked).toEqual([{}, { collaboratorId: "u-2" }]);
  });

  it("creates the timeline, adds it to the cached list, tells friends, and goes to the list", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ "POST /api/notifications/friend-timeline-created": { body: { success: true } } });
    const { router, cache } = render([
      searchMock("bo", [bo]),
      createMock({ title: "Summer", privacy: "SEMI_PRIVATE", collaboratorId: "u-2" }, undefined, 300),
    ]);
    cache.writeQuery({
      query: TimelinesDocument,
      data: { timelines: connectionOf("Timeline", [aTimeline({ id: "t-old", title: "Old" })]) },
    });

    await user.type(screen.getByRole("textbox", { name: /Title/ }), "  Summer ");
    await chooseBo(user);
    await user.click(screen.getByRole("radio", { name: /Semi-private/ }));
    await user.click(submitButton());

    expect(screen.getByRole("button", { name: "Creating..." })).toBeDisabled();
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
    const list = cache.readQuery({ query: TimelinesDocument });
    expect(list?.timelines.edges.map((e) => e.node.id)).toEqual(["t-new", "t-old"]);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          url: "/api/notifications/friend-timeline-created",
          body: { timelineId: "t-new", collaboratorEmail: "bo@example.com" },
        }),
      ),
    );
  });

  it("shows the spec's alert when creating fails, and lets the user try again", async () => {
    allowConsoleErrors(/createTimeline failed/); // the screen logs the failure it shows
    const user = userEvent.setup();
    render([
      searchMock("bo", [bo]),
      createMock({ title: "Summer", privacy: "PRIVATE", collaboratorId: "u-2" }, new Error("boom")),
    ]);
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Summer");
    await chooseBo(user);
    await user.click(submitButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "There was an error creating the timeline. Please try again.",
    );
    expect(submitButton()).toBeEnabled();
  });

  it("preselects ?collaborator=<email> through the user lookup", async () => {
    render(
      [
        {
          request: { query: CollaboratorByIdentifierDocument, variables: { identifier: "bo@example.com" } },
          result: { data: { user: bo } },
        },
      ],
      "/app/create-timeline?collaborator=bo%40example.com",
    );
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    const chosen = await screen.findByRole("group", { name: "Collaborator" });
    expect(chosen).toHaveTextContent("Bo Jensen");
    expect(chosen).toHaveTextContent("@bo");
  });

  it("offers an e-mail address only as an invitation, never as a person: the same for every address", async () => {
    const user = userEvent.setup();
    // were the address looked up, this answer would offer Bo himself
    render([searchMock("dee@example.com", [{ ...bo, email: "dee@example.com" }])]);
    await user.type(screen.getByRole("combobox", { name: /Collaborator/ }), "dee@example.com");
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["DInvite dee@example.comThey will get an e-mail invitation"]);
    await user.click(options[0]!);
    expect(screen.getByRole("group", { name: "Collaborator" })).toHaveTextContent("Will be invited by e-mail");
  });
});
