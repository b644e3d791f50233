import { ApolloProvider } from "@apollo/client/react";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppToaster } from "../components/ui/toaster";
import { MarkAllNotificationsReadDocument, UnreadNotificationCountDocument, useMeQuery } from "../gql/graphql";
import { createApolloClient } from "./apollo-client";
import { OFFLINE_ACTION_MESSAGE } from "./use-online";

function MeProbe() {
  const { data, loading } = useMeQuery();
  if (loading) return <p>Loading…</p>;
  return <p>{data?.me?.displayName ?? "nobody"}</p>;
}

describe("Apollo client", () => {
  it("sends operations to /graphql with the CSRF preflight header, and the generated hook reads them", async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            data: {
              me: { __typename: "User", id: "u-1", email: "ada@example.com", username: "ada", displayName: "Ada" },
            },
          }),
          { status: 200, headers: { "Content-Type": "application/json" } },
        ),
    );
    const client = createApolloClient({ fetch: fetchMock });

    render(
      <ApolloProvider client={client}>
        <MeProbe />
      </ApolloProvider>,
    );

    expect(await screen.findByText("Ada")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/graphql");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).get("Apollo-Require-Preflight")).toBe("true");
    expect(JSON.parse(String(init?.body))).toMatchObject({ operationName: "Me" });
  });

  it("offline, a change fails at once saying it needs a connection, and toasts it; queries still go out", async () => {
    const fetchMock = vi.fn(
      async () => new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    const client = createApolloClient({ fetch: fetchMock });
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<AppToaster />);
    // The toaster is loaded after the first paint: its module first, then until it is on the page.
    await act(async () => {
      await import("sonner");
    });
    expect(await screen.findByRole("region", { name: /Notifications/ })).toBeInTheDocument();

    await expect(client.mutate({ mutation: MarkAllNotificationsReadDocument })).rejects.toThrow(OFFLINE_ACTION_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await screen.findByText("You're offline")).toBeInTheDocument();

    await client.query({ query: UnreadNotificationCountDocument }).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    onLine.mockRestore();
  });
});
