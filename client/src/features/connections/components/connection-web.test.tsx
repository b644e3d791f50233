import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { typePolicies } from "../../../lib/apollo-client";
import { renderScreen } from "../../../testing/render";
import { CONNECTIONS_REFRESH_MS } from "../api/use-connections";
import { aRelationship, relationshipsMock, type MockRelationship } from "../testing/connection-mocks";
import { ConnectionWeb } from "./connection-web";

/** A client over `mocks` that also counts the requests that reach the network. */
function countingClient(mocks: ReadonlyArray<MockLink.MockedResponse>) {
  const requests: string[] = [];
  const counter = new ApolloLink((operation, forward) => {
    requests.push(operation.operationName ?? "?");
    return forward(operation);
  });
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies }),
    link: ApolloLink.from([counter, new MockLink(mocks, { showWarnings: false, defaultOptions: { delay: 0 } })]),
  });
  return { client, requests };
}

const failure = (identifier: string | null) =>
  relationshipsMock(identifier, [], { result: undefined, error: new Error("down") });

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const people = () => within(screen.getByRole("list", { name: /connections/ }));

function renderWeb(mocks: ReadonlyArray<MockLink.MockedResponse>, identifier: string | null = null, viewerId?: string) {
  const counting = countingClient(mocks);
  renderScreen(
    <ConnectionWeb
      identifier={identifier}
      centre={{ name: identifier ? "Bo Jensen" : "Ada Lovelace" }}
      viewerId={viewerId}
    />,
    { client: counting.client },
  );
  return counting;
}

describe("ConnectionWeb (docs/product.md §9)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a person's shared-memory count on the first tap and opens their profile on the second", async () => {
    renderWeb([relationshipsMock(null, [aRelationship("u-2", "Bo Jensen", 7)])]);
    const node = await screen.findByRole("link", { name: /^Bo Jensen, Closest/ });
    expect(screen.queryByTestId("web-selected-person")).toBeNull();
    // A plain click: use-gesture's pointer capture is not in jsdom.
    fireEvent.click(node);
    const selected = screen.getByTestId("web-selected-person");
    expect(selected).toHaveTextContent("Bo Jensen7 shared memoriesView profile");
    expect(within(selected).getByRole("link", { name: "View profile" })).toHaveAttribute(
      "href",
      "/app/public-profile?username=bojensen",
    );
    expect(node).toHaveAttribute("aria-describedby", "web-selected-person");
    // Still on the web: the first tap did not navigate.
    expect(screen.getByTestId("connection-web")).toBeInTheDocument();
    fireEvent.click(node);
    await waitFor(() => expect(screen.queryByTestId("connection-web")).toBeNull());
  });

  it("shows up to 10 people in the three rings, ranked by shared memories, each linking to their profile", async () => {
    const relationships: MockRelationship[] = Array.from({ length: 12 }, (_, i) =>
      aRelationship(`u-${i}`, `Person${i} Surname`, i === 11 ? -4 : i),
    );
    renderWeb([relationshipsMock(null, relationships)]);
    expect(await screen.findByRole("list", { name: "Your connections" })).toBeInTheDocument();

    const links = people().getAllByRole("link");
    expect(links).toHaveLength(10);
    expect(links.map((link) => link.dataset.ring)).toEqual([
      "Closest",
      "Closest",
      "Close",
      "Close",
      "Close",
      "Important",
      "Important",
      "Important",
      "Important",
      "Important",
    ]);
    expect(links[0]).toHaveAccessibleName("Person10 Surname, Closest, 10 shared memories");
    expect(links[0]).toHaveAttribute("href", "/app/public-profile?username=person10surname");
    expect(links[9]).toHaveAccessibleName("Person1 Surname, Important, 1 shared memory");
    // Person0 (0) and Person11 (negative, so 0) are left out.
    expect(screen.queryByRole("link", { name: /Person0 Surname|Person11 Surname/ })).not.toBeInTheDocument();
    expect(screen.getByText("You")).toBeInTheDocument();
  });

  it("shows a spinner while loading and a calm note when there is nobody", async () => {
    renderWeb([relationshipsMock(null, [])]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading connections...");
    expect(await screen.findByText(/Your web grows as you share memories/)).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Zoom in" })).not.toBeInTheDocument();
  });

  it("retries after 1 s and 2 s, and shows the web when the third attempt works", async () => {
    vi.useFakeTimers();
    const { requests } = renderWeb([
      failure(null),
      failure(null),
      relationshipsMock(null, [aRelationship("u-1", "Bo Jensen", 3)]),
    ]);
    await advance(1);
    expect(requests).toHaveLength(1);
    // The second attempt 1 s after the first failed…
    await advance(990);
    expect(requests).toHaveLength(1);
    await advance(20);
    expect(requests).toHaveLength(2);
    // …the third 2 s after the second failed.
    await advance(1970);
    expect(requests).toHaveLength(2);
    expect(screen.getByRole("status")).toHaveTextContent("Loading connections...");
    await advance(30);
    expect(requests).toHaveLength(3);
    expect(screen.getByRole("link", { name: /^Bo Jensen, Closest/ })).toBeInTheDocument();
  });

  it("gives up after 3 attempts and shows the empty web", async () => {
    vi.useFakeTimers();
    const { requests } = renderWeb([failure(null), failure(null), failure(null), failure(null)]);
    await advance(3100);
    expect(requests).toHaveLength(3);
    expect(screen.getByText(/Your web grows as you share memories/)).toBeInTheDocument();
    await advance(10_000);
    expect(requests).toHaveLength(3);
  });

  it("refreshes every 30 s, keeping people already shown ahead of newcomers on a tie", async () => {
    vi.useFakeTimers();
    const first = [aRelationship("u-a", "Ann Arbor", 2), aRelationship("u-b", "Ben Bow", 2)];
    const second = [aRelationship("u-c", "Cat Cole", 5), aRelationship("u-new", "New Comer", 2), ...first];
    const { requests } = renderWeb([relationshipsMock(null, first), relationshipsMock(null, second)]);
    await advance(1);
    expect(
      people()
        .getAllByRole("link")
        .map((link) => link.dataset.ring),
    ).toEqual(["Closest", "Closest"]);

    await advance(CONNECTIONS_REFRESH_MS);
    expect(requests).toHaveLength(2);
    const names = people()
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(names).toEqual([
      expect.stringContaining("Cat Cole"),
      expect.stringContaining("Ann Arbor"),
      expect.stringContaining("Ben Bow"),
      expect.stringContaining("New Comer"),
    ]);
  });

  it("keeps what it shows when a refresh fails", async () => {
    vi.useFakeTimers();
    renderWeb([
      relationshipsMock(null, [aRelationship("u-a", "Ann Arbor", 2)]),
      failure(null),
      failure(null),
      failure(null),
    ]);
    await advance(1);
    await advance(CONNECTIONS_REFRESH_MS + 3100);
    expect(screen.getByRole("link", { name: /^Ann Arbor/ })).toBeInTheDocument();
  });

  it("in public mode loads that person's web and sends the viewer's own node to their Profile", async () => {
    renderWeb(
      [relationshipsMock("bo", [aRelationship("u-1", "Ada Lovelace", 4), aRelationship("u-3", "Cy Twombly", 1)])],
      "bo",
      "u-1",
    );
    expect(await screen.findByRole("list", { name: "Bo Jensen's connections" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Ada Lovelace/ })).toHaveAttribute("href", "/app/profile");
    expect(screen.getByRole("link", { name: /^Cy Twombly/ })).toHaveAttribute(
      "href",
      "/app/public-profile?username=cytwombly",
    );
    expect(screen.getByText("Bo", { selector: "span" })).toBeInTheDocument();
  });

  it("zooms with the buttons within 0.5–3 and resets the view", async () => {
    renderWeb([relationshipsMock(null, [aRelationship("u-a", "Ann Arbor", 2)])]);
    const zoomIn = await screen.findByRole("button", { name: "Zoom in" });
    const reset = screen.getByRole("button", { name: "Reset view" });
    expect(reset).toBeDisabled();
    for (let i = 0; i < 6; i += 1) if (!zoomIn.hasAttribute("disabled")) await userEvent.click(zoomIn);
    expect(zoomIn).toBeDisabled();
    expect(reset).toBeEnabled();
    await userEvent.click(reset);
    expect(reset).toBeDisabled();
    const zoomOut = screen.getByRole("button", { name: "Zoom out" });
    for (let i = 0; i < 6; i += 1) if (!zoomOut.hasAttribute("disabled")) await userEvent.click(zoomOut);
    expect(zoomOut).toBeDisabled();
  });
});
