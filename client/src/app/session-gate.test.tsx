import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutes, routes } from "./router";
import { aTimeline } from "../features/timelines/testing/timeline-mocks";
import { TimelinesDocument } from "../gql/graphql";
import {
  clearOfflineData,
  rememberAccount,
  rememberedAccount,
  restoreCache,
  startPersisting,
} from "../lib/offline-store";
import { mockSessionCheck, signedIn, signedInUser, signedOut } from "../testing/mock-session";
import { connectionOf } from "../testing/connection";
import { createTestApolloClient, renderRoute } from "../testing/render";

const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 5000 });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

/** What an earlier, online visit of this account left on the device. */
async function keptFromEarlierVisit() {
  const earlier = createTestApolloClient();
  await rememberAccount(signedInUser);
  // The save runs half a second after the change: move the clock, not the wall (IndexedDB's own
  // scheduling, setImmediate, stays real).
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    startPersisting(earlier.cache, signedInUser.id);
    earlier.cache.writeQuery({
      query: TimelinesDocument,
      data: { timelines: connectionOf("Timeline", [aTimeline({ id: "t-kept", title: "Kept for offline" })]) },
    });
    vi.advanceTimersByTime(500);
  } finally {
    vi.useRealTimers();
  }
  await vi.waitFor(async () => expect(await restoreCache(createTestApolloClient().cache, signedInUser.id)).toBe(true));
}

describe("the sign-in gate as a route loader (docs/product.md §4)", () => {
  afterEach(async () => {
    setOnline(true);
    await clearOfflineData();
  });

  it("checks the session at once, with the cookie, and shows the screen", async () => {
    const fetchMock = mockSessionCheck(signedIn());
    renderRoute("/app/timelines", routes);
    expect(await heading("Your Timelines")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/check-session");
    expect(init?.credentials).toBe("include");
  });

  it("does not check again when moving between signed-in screens", async () => {
    const fetchMock = mockSessionCheck(signedIn());
    const { router } = renderRoute("/app/timelines", routes);
    await heading("Your Timelines");
    await router.navigate("/app/view-timeline");
    await router.navigate("/app/timelines?x=1");
    await heading("Your Timelines");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends a signed-out visitor, a 401 and a user without e-mail to /login", async () => {
    for (const answer of [signedOut(), { status: 401 }, { isAuthenticated: true, user: { id: "u-2", email: "" } }]) {
      mockSessionCheck(answer);
      const { router, unmount } = renderRoute("/app/timelines", routes);
      expect(await heading("Sign in to Keepsake")).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/login");
      unmount();
    }
  });

  it('lets the person through on "Database not available" (docs/product.md §8)', async () => {
    mockSessionCheck({ status: 503, body: { error: "Database not available" } });
    renderRoute("/app/timelines", routes);
    expect(await heading("Your Timelines")).toBeInTheDocument();
  });
});

describe("offline (docs/decisions/020-offline-and-feedback.md)", () => {
  afterEach(async () => {
    setOnline(true);
    await clearOfflineData();
  });

  it("remembers the signed-in account and keeps its cache on the device", async () => {
    mockSessionCheck(signedIn());
    const client = createTestApolloClient([], { showWarnings: false });
    renderRoute("/app/timelines", createRoutes({ client }), { client });
    await heading("Your Timelines");
    await waitFor(async () => expect((await rememberedAccount())?.userId).toBe(signedInUser.id));
  });

  it("opened offline, shows the last account's kept lists under an Offline banner instead of /login", async () => {
    await keptFromEarlierVisit();
    setOnline(false);
    mockSessionCheck(new TypeError("Failed to fetch"));
    const client = createTestApolloClient([], { showWarnings: false });
    const { router } = renderRoute("/app/timelines", createRoutes({ client }), { client });

    expect(await heading("Your Timelines")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app/timelines");
    expect(screen.getByTestId("offline-banner")).toHaveTextContent("Offline");
    expect(await screen.findByText("Kept for offline")).toBeInTheDocument();
  });

  it("without anything kept, a network failure still goes to /login", async () => {
    mockSessionCheck(new TypeError("Failed to fetch"));
    const client = createTestApolloClient([], { showWarnings: false });
    const { router } = renderRoute("/app/timelines", createRoutes({ client }), { client });
    expect(await heading("Sign in to Keepsake")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("another account signing in removes the previous account's data", async () => {
    await keptFromEarlierVisit();
    await rememberAccount({ ...signedInUser, id: "u-other", email: "other@example.com" });
    expect((await rememberedAccount())?.userId).toBe("u-other");
    // u-1's cache is gone: offline, u-other has nothing of u-1's to show.
    setOnline(false);
    mockSessionCheck(new TypeError("Failed to fetch"));
    const client = createTestApolloClient([], { showWarnings: false });
    renderRoute("/app/timelines", createRoutes({ client }), { client });
    expect(await heading("Your Timelines")).toBeInTheDocument();
    expect(screen.queryByText("Kept for offline")).not.toBeInTheDocument();
  });
});
