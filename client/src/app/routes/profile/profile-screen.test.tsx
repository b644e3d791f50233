import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { myExportUrlMock } from "../../../features/account/testing/account-mocks";
import { aRelationship, relationshipsMock } from "../../../features/connections/testing/connection-mocks";
import { me, myHighlightsMock, myProfileMock } from "../../../features/profile/testing/profile-mocks";
import { MyProfileDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../testing/render";
import { ProfileScreen } from "./profile-screen";

const renderProfile = (mocks = [myProfileMock(), relationshipsMock(null, [aRelationship("u-2", "Bo Jensen", 3)])]) =>
  renderScreen(<ProfileScreen />, { path: "/app/profile", mocks: [...mocks, myExportUrlMock()] });

function stubLogout(response: Response | Error, path = "/api/auth/logout") {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith(path) || init?.method !== "POST") throw new Error(`Unexpected fetch ${url}`);
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("Profile screen", () => {
  it("shows the person: avatar initials, name, @username, e-mail and bio, with edit and logout", async () => {
    renderProfile();
    expect(screen.getByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.getByText("Loading profile...")).toBeInTheDocument();

    expect(await screen.findByRole("heading", { level: 2, name: "Ada Lovelace" })).toBeInTheDocument();
    const card = screen.getByRole("region", { name: "About" });
    expect(card).toHaveTextContent("AL");
    expect(card).toHaveTextContent("@ada");
    expect(card).toHaveTextContent("ada@example.com");
    expect(card).toHaveTextContent("Counting stars.");
    expect(within(card).getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/app/edit-profile");
    expect(within(card).getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create timeline" })).toHaveAttribute("href", "/app/create-timeline");
  });

  it("shows the photo when there is one", async () => {
    const { container } = renderProfile([
      myProfileMock(me({ profilePhotoUrl: "/media/p/thumb?sig=1" })),
      relationshipsMock(null, []),
    ]);
    await screen.findByRole("heading", { level: 2, name: "Ada Lovelace" });
    expect(container.querySelector('img[src="/media/p/thumb?sig=1"]')).not.toBeNull();
  });

  it("falls back to the session's user when the profile cannot be loaded", async () => {
    renderProfile([myProfileMock(null, { result: undefined, error: new Error("down") }), relationshipsMock(null, [])]);
    expect(await screen.findByRole("heading", { level: 2, name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
  });

  it('has the tabs "Profile Web" (the connection web) and "Highlights" (none chosen yet)', async () => {
    // back on "Profile Web", the web is read again (it always reads fresh: use-connections.ts)
    renderProfile([
      myProfileMock(),
      myHighlightsMock([]),
      relationshipsMock(null, [aRelationship("u-2", "Bo Jensen", 3)], { maxUsageCount: 2 }),
    ]);
    const web = screen.getByRole("tab", { name: "Profile Web" });
    const highlights = screen.getByRole("tab", { name: "Highlights" });
    expect(web).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("link", { name: /^Bo Jensen, Closest, 3 shared memories/ })).toBeInTheDocument();

    await userEvent.click(highlights);
    expect(highlights).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Highlights" });
    expect(await within(panel).findByRole("heading", { name: "No highlights yet" })).toBeInTheDocument();
    expect(panel).toHaveTextContent("Choose up to 6 of your memories to feature them here.");
    expect(within(panel).getByRole("button", { name: "Choose highlights" })).toBeInTheDocument();
    expect(panel).not.toHaveTextContent("Coming Soon");
    expect(screen.queryByTestId("connection-web")).not.toBeInTheDocument();

    // Arrow keys move between the tabs.
    highlights.focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(web).toHaveFocus();
    expect(web).toHaveAttribute("aria-selected", "true");
  });

  it("logs out: POST /api/auth/logout, clears the Apollo store, then /login", async () => {
    const fetchMock = stubLogout(new Response(JSON.stringify({ success: true }), { status: 200 }));
    const { router, client } = renderProfile();
    await userEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.readQuery({ query: MyProfileDocument })).toBeNull();
  });

  it("logs out everywhere: POST /api/auth/logout-everywhere, clears the Apollo store, then /login", async () => {
    const fetchMock = stubLogout(
      new Response(JSON.stringify({ success: true, sessions_ended: 3 }), { status: 200 }),
      "/api/auth/logout-everywhere",
    );
    const { router, client } = renderProfile();
    const card = await screen.findByRole("region", { name: "About" });
    await userEvent.click(within(card).getByRole("button", { name: "Log out everywhere" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.readQuery({ query: MyProfileDocument })).toBeNull();
  });

  it("goes to /login even when logout fails", async () => {
    stubLogout(new Response(JSON.stringify({ error: "Nope" }), { status: 500 }));
    const { router } = renderProfile();
    await userEvent.click(await screen.findByRole("button", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});
