import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RemindCollaboratorDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../testing/render";
import { inviteLinkMock, remindMock, waitingMock } from "../testing/waiting-mocks";
import { COPY_BY_HAND, LINK_COPIED, WaitingActions } from "./waiting-actions";

const URL_ = "http://localhost:3000/app/invite?token=abc";
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const inADay = () => new Date(Date.now() + 24 * 3600_000).toISOString();

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  });
}

afterEach(() => setClipboard(undefined));

describe("the waiting page's Remind and Copy invite link (docs/decisions/055)", () => {
  it("reminds, then says when it works again and disables the button", async () => {
    const next = inADay();
    renderScreen(<WaitingActions timelineId="t-1" name="Cleo" />, {
      mocks: [waitingMock("t-1"), remindMock("t-1", next)],
    });
    const remind = await screen.findByRole("button", { name: "Remind Cleo" });
    expect(remind).toBeEnabled();
    await userEvent.click(remind);
    expect(await screen.findByText(/^You can remind Cleo again tomorrow at \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remind Cleo" })).toBeDisabled();
    expect(await screen.findByText("Reminder sent to Cleo")).toBeInTheDocument();
  });

  it("shows when a reminder was already sent today", async () => {
    renderScreen(<WaitingActions timelineId="t-1" name="Cleo" />, { mocks: [waitingMock("t-1", inAnHour())] });
    expect(await screen.findByText(/^You can remind Cleo again (at|tomorrow at) \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remind Cleo" })).toHaveAccessibleDescription(
      /You can remind Cleo again/,
    );
  });

  it("shows the server's limit message when another device reminded first", async () => {
    renderScreen(<WaitingActions timelineId="t-1" name="Cleo" />, {
      mocks: [
        waitingMock("t-1"),
        {
          request: { query: RemindCollaboratorDocument, variables: { timelineId: "t-1" } },
          result: {
            errors: [{ message: "You can remind Cleo again tomorrow", extensions: { code: "RATE_LIMITED" } }],
          },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Remind Cleo" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can remind Cleo again tomorrow");
  });

  it("copies a new link with the Clipboard API and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    renderScreen(<WaitingActions timelineId="t-1" name="Cleo" />, {
      mocks: [waitingMock("t-1"), inviteLinkMock("t-1", URL_, "2026-12-04T10:00:00.000Z")],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Copy invite link" }));
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(screen.getByRole("textbox", { name: "Invite link" })).toHaveValue(URL_);
    expect(screen.getByText("Works once, until Dec 4, for Cleo only.")).toBeInTheDocument();
  });

  it("without a clipboard, selects the link for copying by hand", async () => {
    setClipboard(() => Promise.reject(new Error("denied")));
    renderScreen(<WaitingActions timelineId="t-1" name="Cleo" />, {
      mocks: [waitingMock("t-1"), inviteLinkMock("t-1", URL_, "2026-12-04T10:00:00.000Z")],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Copy invite link" }));
    expect(await screen.findByText(COPY_BY_HAND)).toBeInTheDocument();
    const field = screen.getByRole<HTMLInputElement>("textbox", { name: "Invite link" });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(URL_.length);
  });
});
