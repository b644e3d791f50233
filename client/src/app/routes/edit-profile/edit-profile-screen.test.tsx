import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  me,
  myProfileMock,
  updateProfileMock,
  usernameAvailableMock,
} from "../../../features/profile/testing/profile-mocks";
import { renderScreen, type RenderScreenOptions } from "../../../testing/render";
import { EditProfileScreen } from "./edit-profile-screen";

const renderEdit = (mocks: RenderScreenOptions["mocks"]) =>
  renderScreen(<EditProfileScreen />, { path: "/app/edit-profile", mocks });

const usernameField = () => screen.getByRole("textbox", { name: "Username" });
const save = () => screen.getByRole("button", { name: "Save Changes" });

/** userEvent driven by fake timers. */
function fakeTimersUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("Edit Profile screen", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("loads the profile into the form, with the username hint and counters", async () => {
    renderEdit([myProfileMock()]);
    expect(screen.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
    expect(await screen.findByRole("textbox", { name: "Display name" })).toHaveValue("Ada Lovelace");
    expect(usernameField()).toHaveValue("ada");
    expect(screen.getByRole("textbox", { name: "Bio" })).toHaveValue("Counting stars.");
    expect(screen.getByText("Your unique username. Lowercase letters and numbers only.")).toBeInTheDocument();
    expect(screen.getByText("15/500")).toBeInTheDocument();
    expect(screen.getByText("12/100")).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it("lowercases the username as it is typed, and says what it became", async () => {
    renderEdit([myProfileMock()]);
    const field = await screen.findByRole("textbox", { name: "Username" });
    await userEvent.clear(field);
    await userEvent.type(field, "Ada L");
    expect(field).toHaveValue("adal");
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining("Usernames are lowercase, without spaces: yours will be @adal"),
    );
  });

  it('says a reserved name is "reserved", not "taken", without asking the server', async () => {
    const user = fakeTimersUser();
    renderEdit([myProfileMock()]);
    const field = await screen.findByRole("textbox", { name: "Username" });
    await user.clear(field);
    await user.type(field, "admin");
    await advance(520);
    expect(screen.getByText("This username is reserved. Please choose a different one.")).toBeInTheDocument();
    expect(screen.queryByText("This username is already taken")).toBeNull();
    expect(save()).toBeDisabled();
  });

  it("checks availability 500 ms after typing stops, and only from 3 characters", async () => {
    const user = fakeTimersUser();
    renderEdit([myProfileMock(), usernameAvailableMock("countess", true, 200)]);
    const field = await screen.findByRole("textbox", { name: "Username" });
    await user.clear(field);
    await user.type(field, "co");
    await advance(600);
    // Too short: no check, and Save waits.
    expect(screen.getByText("Username must be at least 3 characters")).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.type(field, "untess");
    await advance(450);
    expect(screen.queryByText("Checking availability...")).not.toBeInTheDocument();
    await advance(60);
    expect(screen.getByText("Checking availability...")).toBeInTheDocument();
    expect(save()).toBeEnabled();
    await advance(200);
    expect(screen.getByText("Username is available")).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('says "This username is already taken" and disables Save while the changed name is taken', async () => {
    const user = fakeTimersUser();
    renderEdit([myProfileMock(), usernameAvailableMock("grace", false), usernameAvailableMock("graceh", true)]);
    const field = await screen.findByRole("textbox", { name: "Username" });
    await user.clear(field);
    await user.type(field, "grace");
    await advance(520);
    expect(screen.getByText("This username is already taken")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(save()).toBeDisabled();

    await user.type(field, "h");
    expect(screen.queryByText("This username is already taken")).not.toBeInTheDocument();
    await advance(520);
    expect(screen.getByText("Username is available")).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it("counts the current username as available without asking", async () => {
    const user = fakeTimersUser();
    renderEdit([myProfileMock()]);
    const field = await screen.findByRole("textbox", { name: "Username" });
    await user.type(field, "x");
    await user.type(field, "{Backspace}");
    await advance(600);
    expect(field).toHaveValue("ada");
    expect(screen.queryByText("Checking availability...")).not.toBeInTheDocument();
    expect(screen.queryByText("This username is already taken")).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it("requires a display name and keeps the bio within 500 characters", async () => {
    renderEdit([myProfileMock()]);
    const name = await screen.findByRole("textbox", { name: "Display name" });
    await userEvent.clear(name);
    expect(screen.getByText("Display name is required")).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.type(name, "Ada");
    expect(save()).toBeEnabled();

    const bio = screen.getByRole("textbox", { name: "Bio" });
    await userEvent.clear(bio);
    await userEvent.click(bio);
    await userEvent.paste("x".repeat(501));
    expect(screen.getByText("⚠️ Character limit exceeded (501/500)")).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("saves (the username only when changed) and returns to the profile", async () => {
    const { router } = renderEdit([
      myProfileMock(),
      updateProfileMock(
        (input) =>
          input.displayName === "Ada King" && input.bio === "Counting stars." && !("username" in input) && !input.photo,
        { user: me({ displayName: "Ada King" }) },
      ),
    ]);
    const name = await screen.findByRole("textbox", { name: "Display name" });
    await userEvent.clear(name);
    await userEvent.type(name, "Ada King");
    await userEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/profile"));
    expect(await screen.findByText("Profile saved")).toBeInTheDocument();
  });

  it("uploads a chosen photo with a preview", async () => {
    const createObjectURL = vi.fn(() => "blob:preview");
    const revokeObjectURL = vi.fn();
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const photo = new File(["jpeg"], "me.jpg", { type: "image/jpeg" });
    const { router } = renderEdit([
      myProfileMock(),
      updateProfileMock((input) => input.photo === photo, { user: me({ profilePhotoUrl: "/media/new" }) }),
    ]);
    await screen.findByRole("textbox", { name: "Display name" });
    await userEvent.upload(screen.getByLabelText("Add photo"), photo);
    expect(screen.getByRole("img", { name: "New profile photo" })).toHaveAttribute("src", "blob:preview");
    await userEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/profile"));
  });

  it.each([
    ["CONFLICT", "taken", "This username is already taken. Please choose a different one."],
    ["UNAUTHENTICATED", "Authentication required", "Your session has expired. Please log in again."],
    ["BAD_USER_INPUT", "Something odd", "Failed to save profile. Please try again."],
  ])("shows the spec's message when saving fails with %s", async (code, message, shown) => {
    const user = fakeTimersUser();
    renderEdit([
      myProfileMock(),
      usernameAvailableMock("lovelace", true),
      updateProfileMock((input) => input.username === "lovelace", { errors: [{ message, extensions: { code } }] }),
    ]);
    const field = await screen.findByRole("textbox", { name: "Username" });
    await user.clear(field);
    await user.type(field, "lovelace");
    await advance(520);
    await user.click(save());
    expect(await screen.findByRole("alert")).toHaveTextContent(shown);
    // A taken name keeps Save disabled until the name changes.
    if (code === "CONFLICT") expect(save()).toBeDisabled();
    else expect(save()).toBeEnabled();
  });
});
