import type { MockLink } from "@apollo/client/testing";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  NotificationSettingsDocument,
  SendDigestPreviewDocument,
  UpdateNotificationPreferencesDocument,
} from "../../../gql/graphql";
import { screenRenderer } from "../../../testing/render";
import { NotificationSettingsScreen } from "./notification-settings-screen";

const prefs = {
  __typename: "NotificationPreferences",
  push: "OFF",
  emailDigest: "OFF",
  digestHour: 8,
  timeZone: null,
  quietStart: 22,
  quietEnd: 8,
  mutedTimelineIds: [],
};

const settingsMock: MockLink.MockedResponse = {
  request: { query: NotificationSettingsDocument },
  result: {
    data: {
      notificationPreferences: prefs,
      timelines: {
        __typename: "TimelineConnection",
        edges: [{ __typename: "TimelineEdge", node: { __typename: "Timeline", id: "t-1", title: "Lisbon" } }],
      },
    },
  },
};

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const render = screenRenderer(<NotificationSettingsScreen />, "/app/notifications");

describe("Profile → Notifications (docs/decisions/035-presence.md)", () => {
  it("takes the time zone from the browser until changed, and saves the digest, quiet hours and a mute", async () => {
    const input = {
      push: "OFF",
      emailDigest: "WEEKLY",
      digestHour: 19,
      quietStart: 23,
      quietEnd: 8,
      timeZone: "Pacific/Honolulu",
      mutedTimelineIds: ["t-1"],
    };
    let saved = false;
    const user = userEvent.setup();
    render([
      settingsMock,
      {
        request: { query: UpdateNotificationPreferencesDocument, variables: { input } },
        result: () => {
          saved = true;
          return { data: { updateNotificationPreferences: { ...prefs, ...input } } };
        },
      },
    ]);
    const zoneField = await screen.findByRole("textbox", { name: "Time zone" });
    expect(zoneField).toHaveValue(zone);
    await user.selectOptions(screen.getByRole("combobox", { name: "E-mail digest" }), "WEEKLY");
    await user.selectOptions(screen.getByRole("combobox", { name: "At" }), "19");
    await user.selectOptions(screen.getByRole("combobox", { name: "From" }), "23");
    await user.clear(zoneField);
    await user.type(zoneField, "Pacific/Honolulu");
    await user.click(screen.getByRole("checkbox", { name: "Lisbon" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(saved).toBe(true);
  });

  it("asks for push only when it is turned on, and keeps it off where the browser cannot take notes", async () => {
    const input = {
      push: "OFF",
      emailDigest: "OFF",
      digestHour: 8,
      quietStart: 22,
      quietEnd: 8,
      timeZone: zone,
      mutedTimelineIds: [],
    };
    const user = userEvent.setup();
    render([
      settingsMock,
      {
        request: { query: UpdateNotificationPreferencesDocument, variables: { input } },
        result: { data: { updateNotificationPreferences: { ...prefs, ...input } } },
      },
    ]);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Push notifications" }), "HOURLY");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/cannot show notifications/);
    expect(screen.getByRole("combobox", { name: "Push notifications" })).toHaveValue("OFF");
  });

  it("sends a digest preview when asked", async () => {
    const user = userEvent.setup();
    render([
      settingsMock,
      { request: { query: SendDigestPreviewDocument }, result: { data: { sendDigestPreview: true } } },
    ]);
    await user.click(await screen.findByRole("button", { name: "Send me a preview now" }));
    expect(await screen.findByRole("status")).toHaveTextContent("A preview is on its way to your inbox.");
  });
});
