import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeleteAccountDocument, MyExportUrlDocument } from "../../../gql/graphql";
import { navigateToDocument } from "../../../lib/document-navigation";
import { renderScreen } from "../../../testing/render";
import { AccountActions } from "./account-actions";

vi.mock("../../../lib/document-navigation", () => ({ navigateToDocument: vi.fn() }));

const exportMock = {
  request: { query: MyExportUrlDocument },
  result: { data: { me: { __typename: "User" as const, id: "u-1", exportUrl: "/api/users/me/export" } } },
};
const deleteMock = (result: object) => ({
  request: { query: DeleteAccountDocument, variables: { input: { confirm: "DELETE" } } },
  ...result,
});

const renderActions = (mocks: object[] = [exportMock]) =>
  renderScreen(<AccountActions />, { path: "/app/profile", mocks: mocks as never });

afterEach(() => vi.mocked(navigateToDocument).mockReset());

describe("Your data: download and delete (docs/decisions/023-export-and-deletion.md)", () => {
  it('"Download my data" is a download link to the URL the API gives', async () => {
    renderActions();
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link).toHaveAttribute("href", "/api/users/me/export");
    expect(link).toHaveAttribute("download");
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
