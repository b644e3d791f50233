import { describe, expect, it } from "vitest";
import { firstScreens } from "../../../../build/first-screens";
import { timelinesMock } from "../../../features/timelines/testing/timeline-mocks";
import { renderScreen } from "../../../testing/render";
import { onThisDayMock } from "../../../features/presence/testing/presence-mocks";
import { TimelinesScreen } from "./timelines-screen";

/** The heading the server paints for /app/timelines (docs/decisions/029-first-load-and-shell.md) is the screen's own. */
describe("the timelines first screen", () => {
  it("paints the timelines screen's own header, element for element", () => {
    const { container } = renderScreen(<TimelinesScreen />, {
      path: "/app/timelines",
      mocks: [timelinesMock([]), onThisDayMock()],
    });
    const painted = document.createElement("div");
    painted.innerHTML = firstScreens["/app/timelines"]!.html!;
    expect(painted.querySelector("header.screen-header")?.outerHTML).toBeTruthy();
    expect(container.querySelector("header.screen-header")?.outerHTML).toBe(
      painted.querySelector("header.screen-header")?.outerHTML,
    );
  });
});
