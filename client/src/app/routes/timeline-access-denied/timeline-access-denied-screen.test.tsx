import type { MockLink } from "@apollo/client/testing";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TimelineAccessCheckDocument } from "../../../gql/graphql";
import { locationOf, screenRenderer } from "../../../testing/render";
import { TimelineAccessDeniedScreen } from "./timeline-access-denied-screen";

function accessMock(access: Record<string, unknown> | Error): MockLink.MockedResponse {
  const request = { query: TimelineAccessCheckDocument, variables: { id: "t-1" } };
  if (access instanceof Error) return { request, error: access };
  return {
    request,
    result: {
      data: {
        timelineAccess: {
          __typename: "TimelineAccess",
          canView: false,
          message: "This timeline could not be found or accessed.",
          actionUrl: "/app/timelines",
          ...access,
        },
      },
    },
  };
}

const render = screenRenderer(<TimelineAccessDeniedScreen />, "/app/timeline-access-denied", {
  at: "/app/timeline-access-denied?id=t-1",
});

describe("Timeline access denied (docs/product.md §2, §4, §8)", () => {
  it("goes straight to the timeline when the viewer may see it", async () => {
    const { router } = render([
      accessMock({
        canView: true,
        actionUrl: "/app/view-timeline?id=t-1",
      }),
    ]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1"));
  });

  it("a timeline one may not see is 'not found', with nothing about it", async () => {
    render([accessMock({})]);
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline Not Found" })).toBeInTheDocument();
    expect(screen.getByText("This timeline could not be found or accessed.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Timelines" })).toHaveAttribute("href", "/app/timelines");
    expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Create Timeline with/ })).toBeNull();
  });

  it.each([
    ["an unknown timeline", accessMock({}), "This timeline could not be found or accessed."],
    ["a failed check", accessMock(new Error("Network down")), "Unable to verify access to this timeline"],
  ])("shows %s under 'Timeline Not Found'", async (_label, mock, message) => {
    render([mock]);
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline Not Found" })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("says so when there is no id", async () => {
    render([], "/app/timeline-access-denied");
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline Not Found" })).toBeInTheDocument();
    expect(screen.getByText("No timeline ID provided")).toBeInTheDocument();
  });

  it("goes back with Go Back", async () => {
    const user = userEvent.setup();
    const { router } = render([accessMock({})], undefined, {
      history: ["/app/updates"],
    });
    await user.click(await screen.findByRole("button", { name: "Go Back" }));
    await waitFor(() => expect(locationOf(router)).toBe("/app/updates"));
  });
});
