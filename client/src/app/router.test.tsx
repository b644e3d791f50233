import { connectionOf } from "../testing/connection";
import type { MockLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import type { RouteObject } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { relationshipsMock } from "../features/connections/testing/connection-mocks";
import { aMemory, anEditableMemory } from "../features/memories/testing/memory-mocks";
import { aUser } from "../features/profile/testing/profile-mocks";
import { aTimeline, noPrivacyRequest } from "../features/timelines/testing/timeline-mocks";
import { publicUserMock } from "../features/users/testing/public-profile-mocks";
import {
  EditMemoryDocument,
  TimelineAccessCheckDocument,
  TimelineSettingsDocument,
  ViewTimelineDocument,
} from "../gql/graphql";
import { navigateToDocument } from "../lib/document-navigation";
import { mockFetch } from "../testing/mock-fetch";
import { mockSessionCheck, signedIn, signedOut } from "../testing/mock-session";
import { renderRoute } from "../testing/render";
import { routes } from "./router";

vi.mock("../lib/document-navigation", () => ({
  navigateToDocument: vi.fn(),
  loadedAtPath: () => false,
}));

/**
 * One answer for each query the timeline screens start with, for timeline `id` and memory "m-1":
 * enough for the route-table test to see each screen's heading.
 */
function timelineScreenMocks(id = "t-1"): MockLink.MockedResponse[] {
  const timeline = aTimeline({ id });
  return [
    {
      request: { query: ViewTimelineDocument, variables: { id, first: 30 } },
      result: {
        data: {
          timeline: {
            __typename: "Timeline",
            id,
            title: timeline.title,
            privacy: timeline.privacy,
            status: timeline.status,
            canRespond: false,
            ...noPrivacyRequest,
            collaboratorEmail: timeline.collaboratorEmail,
            createdBy: timeline.createdBy,
            collaborator: timeline.collaborator,
            isParticipant: true,
            memoryCount: 1,
            memoryMonths: [],
            memories: connectionOf("Memory", [aMemory({ timelineId: id })]),
          },
        },
      },
    },
    {
      request: { query: TimelineSettingsDocument, variables: { id } },
      result: { data: { timeline: { ...timeline, isParticipant: true } } },
    },
    {
      request: { query: EditMemoryDocument, variables: { id: "m-1" } },
      result: {
        data: {
          memory: anEditableMemory(aMemory({ timelineId: id }), { id, title: timeline.title }),
        },
      },
    },
    {
      request: { query: TimelineAccessCheckDocument, variables: { id } },
      result: {
        data: {
          timelineAccess: {
            __typename: "TimelineAccess",
            canView: false,
            message: "This timeline could not be found or accessed.",
            actionUrl: "/app/timelines",
          },
        },
      },
    },
  ];
}

const heading = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name }, { timeout: 2000 });

describe("route table (docs/product.md §2)", () => {
  beforeEach(() => {
    vi.mocked(navigateToDocument).mockClear();
  });

  it.each([
    ["/app", "Your Timelines"],
    ["/app/timelines", "Your Timelines"],
    ["/app/memories", "Your Memories"],
    ["/app/memories?email=bo%40example.com", "Profile Memories"],
    ["/app/updates", "Updates"],
    ["/app/profile", "Profile"],
    ["/app/create-timeline?collaborator=bo%40example.com", "Create Timeline"],
    ["/app/view-timeline?id=t-1", "Summer in Lisbon"],
    ["/app/add-memory?timeline_id=t-1", "Add Memory"],
    ["/app/edit-memory?id=m-1", "Edit Memory"],
    ["/app/edit-profile", "Edit Profile"],
    ["/app/timeline-settings?id=t-1", "Timeline Settings"],
    ["/app/timeline-access-denied?id=t-1", "Timeline Not Found"],
  ])("signed in, %s shows %s inside the signed-in layout", async (path, title) => {
    mockSessionCheck(signedIn());
    renderRoute(path, routes, { mocks: timelineScreenMocks(), showWarnings: false });
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it("/login is public and has no bottom navigation", async () => {
    const fetchMock = mockSessionCheck(signedOut());
    renderRoute("/login", routes);
    expect(await heading("Sign in to Keepsake")).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    // Only to know whether to send a signed-in person on to /app.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("/login sends a signed-in person to /app", async () => {
    mockSessionCheck(signedIn());
    const { router } = renderRoute("/login", routes);
    expect(await heading("Your Timelines")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app");
  });

  it("/login shows the form when the session cannot be checked (offline)", async () => {
    mockSessionCheck(new TypeError("Failed to fetch"));
    renderRoute("/login", routes);
    expect(await heading("Sign in to Keepsake")).toBeInTheDocument();
  });

  it("/auth/verify?token=abc is public, has no bottom navigation and asks only the verify call", async () => {
    const { calls } = mockFetch({
      "POST /api/auth/verify": { body: { state: "confirm", maskedEmail: "a•••@example.com", signedInAs: null } },
    });
    renderRoute("/auth/verify?token=abc", routes);
    expect(await heading("Continue signing in?")).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/auth/verify"]);
  });

  it("shows a spinner while the session is being checked", async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app/timelines", routes);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading…");
    expect(await heading("Your Timelines")).toBeInTheDocument();
  });

  it("sends a signed-out visitor from /app to /login", async () => {
    mockSessionCheck(signedOut());
    const { router } = renderRoute("/app", routes);
    expect(await heading("Sign in to Keepsake")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("resolves an unknown path to /app, which sends a signed-out visitor to /login", async () => {
    mockSessionCheck(signedOut());
    const { router } = renderRoute("/app/nope", routes);
    expect(await heading("Sign in to Keepsake")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("resolves an unknown path to /app for a signed-in user", async () => {
    mockSessionCheck(signedIn());
    const { router } = renderRoute("/somewhere/else", routes);
    expect(await heading("Your Timelines")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app");
  });

  it("shows the public profile signed in, without the bottom navigation", async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app/public-profile?username=bo", routes, {
      mocks: [publicUserMock("bo", aUser()), relationshipsMock("bo", [])],
    });
    expect(await heading("Bo Jensen")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });

  it("sends the public profile without username or email to Timelines", async () => {
    mockSessionCheck(signedIn());
    const { router } = renderRoute("/app/public-profile", routes);
    expect(await heading("Your Timelines")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app/timelines");
  });

  it("maps /timeline-access-denied to the /app page, keeping the query", async () => {
    mockSessionCheck(signedIn());
    const { router } = renderRoute("/timeline-access-denied?id=t-9", routes, {
      mocks: timelineScreenMocks("t-9"),
      showWarnings: false,
    });
    expect(await heading("Timeline Not Found")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app/timeline-access-denied");
    expect(router.state.location.search).toBe("?id=t-9");
  });

  it.each([
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ])("%s loads the separate %s document", async (path, label) => {
    renderRoute(path, routes);
    expect(await screen.findByRole("link", { name: `Open the ${label}` })).toHaveAttribute("href", path);
    await waitFor(() => expect(navigateToDocument).toHaveBeenCalledWith(path));
  });
});

describe("bottom navigation", () => {
  it("marks the active tab and the section a screen belongs to", async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app/memories", routes);
    await heading("Your Memories");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent?.trim())).toEqual(["Timelines", "Memories", "Updates", "Profile"]);
    expect(within(nav).getByRole("link", { name: "Memories" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Timelines" })).not.toHaveAttribute("aria-current");
  });

  it("treats /app as the Timelines page", async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app", routes);
    await heading("Your Timelines");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Timelines" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Timelines" })).toHaveAttribute("href", "/app/timelines");
  });

  it("marks Timelines as the section of View Timeline", async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app/view-timeline?id=t-1", routes, { mocks: timelineScreenMocks(), showWarnings: false });
    await heading("Summer in Lisbon");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Timelines" })).toHaveAttribute("aria-current", "true");
  });

  it("offers Create Timeline from the floating plus button", async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app/timelines", routes);
    await heading("Your Timelines");
    expect(screen.getByRole("link", { name: "Create timeline" })).toHaveAttribute("href", "/app/create-timeline");
  });
});

describe("routing failures (docs/product.md §8)", () => {
  function withExtraRoute(extra: RouteObject): RouteObject[] {
    const [root] = routes;
    if (!root) throw new Error("no root route");
    return [{ ...root, children: [...(root.children ?? []), extra] } as RouteObject];
  }

  it("shows our 'Unexpected Application Error!' screen, not React Router's page, when a loader throws", async () => {
    mockSessionCheck(signedIn());
    renderRoute(
      "/boom",
      withExtraRoute({
        path: "boom",
        loader: () => {
          throw new Error("The loader broke");
        },
        Component: () => null,
      }),
    );

    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("The loader broke")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to timelines" })).toHaveAttribute("href", "/app/timelines");
    // React Router's developer page says this; it must never reach people.
    expect(screen.queryByText(/Hey developer/)).not.toBeInTheDocument();
    expect(screen.queryByText(/ErrorBoundary/)).not.toBeInTheDocument();
  });

  it("shows the status and text of a thrown response", async () => {
    mockSessionCheck(signedIn());
    renderRoute(
      "/gone",
      withExtraRoute({
        path: "gone",
        loader: () => {
          throw new Response("This page is gone", { status: 410, statusText: "Gone" });
        },
        Component: () => null,
      }),
    );
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("410 Gone")).toBeInTheDocument();
    expect(screen.getByText("This page is gone")).toBeInTheDocument();
  });

  it("a screen whose code cannot be loaded (already reloaded once) shows the error screen", async () => {
    mockSessionCheck(signedIn());
    sessionStorage.setItem("keepsake:chunk-reload", "1");
    renderRoute(
      "/stale",
      withExtraRoute({
        path: "stale",
        lazy: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/x-OLD.js")),
      }),
    );
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText(/Part of Keepsake could not be loaded/)).toBeInTheDocument();
    sessionStorage.clear();
  });
});
