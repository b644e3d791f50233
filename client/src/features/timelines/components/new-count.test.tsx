import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { aTimeline, me } from "../testing/timeline-mocks";
import { TimelineCard } from "./timeline-card";

describe("what is new on a Timelines card (docs/decisions/055)", () => {
  it('says "{n} new" on the card, as part of its link', () => {
    render(
      <MemoryRouter>
        <TimelineCard timeline={aTimeline({ newMemoryCount: 3 })} viewer={me} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: /^Summer in Lisbon\s*,\s*3 new with / })).toBeInTheDocument();
  });

  it("says nothing when nothing is new", () => {
    render(
      <MemoryRouter>
        <TimelineCard timeline={aTimeline({ newMemoryCount: 0 })} viewer={me} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/new$/)).toBeNull();
  });
});
