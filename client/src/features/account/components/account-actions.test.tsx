import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeleteAccountDocument } from "../../../gql/graphql";
import { downloadFile, navigateToDocument } from "../../../lib/document-navigation";
import { mockFetch } from "../../../testing/mock-fetch";
import { renderScreen } from "../../../testing/render";
import { myExportUrlMock } from "../testing/account-mocks";
import { AccountActions } from "./account-actions";

vi.mock("../../../lib/document-navigation", () => ({ navigateToDocument: vi.fn(), downloadFile: vi.fn() }));

const exportMock = myExportUrlMock();
const deleteMock = (result: object) => ({
  request: { query: DeleteAccountDocument, variables: { input: { confirm: "DELETE" } } },
  ...result,
});

const renderActions = (mocks: object[] = [exportMock]) =>
  renderScreen(<AccountActions />, { path: "/app/profile", mocks: mocks as never });

afterEach(() => {
  vi.mocked(navigateToDocument).mockReset();
  vi.mocked(downloadFile).mockReset();
  vi.unstubAllGlobals();
});

describe("Your data: download and delete (docs/decisions/023-export-and-deletion.md)", () => {
  it('"Download my data" is a download link to the URL the API gives', async () => {
    renderActions();
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link).toHaveAttribute("href", "/api/users/me/export");
    expect(link).toHaveAttribute("download");
  });

  it("a click asks first: when allowed, the browser downloads the zip; nothing is shown", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ "GET /api/users/me/export": { status: 204 } });
    renderActions();
    await user.click(await screen.findByRole("link", { name: "Download my data" }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith("/api/users/me/export"));
    expect(calls.map((c) => c.url)).toEqual(["/api/users/me/export?check=1"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("on a 429 it shows the server's message and downloads nothing", async () => {
    const user = userEvent.setup();
    const message = "You can download your data 3 times an hour. Please try again in 59 minutes.";
    mockFetch({
      "GET /api/users/me/export": {
        status: 429,
        body: { error: "Too many requests", message, retryAfter: 3540 },
        headers: { "Retry-After": "3540" },
      },
    });
    renderActions();
    const link = await screen.findByRole("link", { name: "Download my data" });
    await user.click(link);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(link).toHaveAccessibleDescription(message);
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it("offline, it says the download needs a connection", async () => {
    const user = userEvent.setup();
    mockFetch({ "GET /api/users/me/export": new TypeError("Failed to fetch") });
    renderActions();
    await user.click(await screen.findByRole("link", { name: "Download my data" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/You're offline/);
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it("the delete dialog warns, needs the typed word, and Cancel closes it with nothing sent", async () => {
    const user = userEvent.setup();
    renderActions();
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete your account?" });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(dialog).toHaveTextContent("Former member");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Type DELETE to confirm" }), "delete");
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(navigateToDocument).not.toHaveBeenCalled();
  });

  it("typing DELETE and confirming deletes the account, then goes to the landing page", async () => {
    const user = userEvent.setup();
    renderActions([
      exportMock,
      deleteMock({ result: { data: { deleteAccount: { __typename: "DeleteAccountPayload", deleted: true } } } }),
    ]);
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("alertdialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Type DELETE to confirm" }), "DELETE");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(navigateToDocument).toHaveBeenCalledWith("/"));
  });

  it("a failure stays in the dialog with its message", async () => {
    const user = userEvent.setup();
    renderActions([exportMock, deleteMock({ error: new Error("The server is not reachable") })]);
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("alertdialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Type DELETE to confirm" }), "DELETE{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The server is not reachable");
    expect(navigateToDocument).not.toHaveBeenCalled();
  });
});
