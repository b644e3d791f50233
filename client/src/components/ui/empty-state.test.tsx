import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ButtonLink } from "./button";
import { EmptyState } from "./empty-state";
import { FloatingPlusButton } from "./floating-plus-button";

describe("EmptyState", () => {
  it("shows its title, message and action", () => {
    render(
      <MemoryRouter>
        <EmptyState
          title="No timelines yet"
          message="Start creating beautiful memories with someone special"
          action={<ButtonLink to="/app/create-timeline">Create Your First Timeline</ButtonLink>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "No timelines yet" })).toBeInTheDocument();
    expect(screen.getByText("Start creating beautiful memories with someone special")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Your First Timeline" })).toHaveAttribute(
      "href",
      "/app/create-timeline",
    );
  });
});

describe("FloatingPlusButton", () => {
  it("links to Create Timeline by default, or elsewhere when told", () => {
    render(
      <MemoryRouter>
        <FloatingPlusButton />
        <FloatingPlusButton to="/app/profile" label="Your profile" />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Create timeline" })).toHaveAttribute("href", "/app/create-timeline");
    expect(screen.getByRole("link", { name: "Your profile" })).toHaveAttribute("href", "/app/profile");
  });
});
