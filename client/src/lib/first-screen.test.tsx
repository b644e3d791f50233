import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { firstScreens } from "../../build/first-screens";
import { FirstScreenFallback, keepFirstScreen } from "./first-screen";

const timelinesShell = firstScreens["/app/timelines"]!.html!;

function rootWith(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("the server-painted first screen (docs/decisions/029-first-load-and-shell.md)", () => {
  afterEach(() => keepFirstScreen(rootWith("")));

  it("shows the painted heading again until the first screen is ready", () => {
    keepFirstScreen(rootWith(timelinesShell));
    const { container } = render(<FirstScreenFallback />);
    expect(screen.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeInTheDocument();
    expect(container.querySelector("[data-first-screen]")?.outerHTML).toBe(rootWith(timelinesShell).innerHTML);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the spinner when the page came without one (the logo mark of index.html)", () => {
    keepFirstScreen(rootWith('<div aria-hidden="true"><svg></svg></div>'));
    render(<FirstScreenFallback />);
    expect(screen.getByRole("status")).toBeInTheDocument();
  });

  it("lists the timelines and view-timeline paths with their screens' modules", () => {
    expect(firstScreens["/app"]).toBe(firstScreens["/app/timelines"]);
    expect(firstScreens["/app/timelines"]!.module).toBe("src/app/routes/timelines/timelines-screen.tsx");
    expect(firstScreens["/app/view-timeline"]!.module).toBe("src/app/routes/view-timeline/view-timeline-screen.tsx");
    expect(firstScreens["/app/view-timeline"]!.html).toBeUndefined();
  });
});
