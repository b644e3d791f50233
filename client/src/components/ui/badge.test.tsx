import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatUnreadCount, PendingBadge, UnreadBadge } from "./badge";

describe("UnreadBadge", () => {
  it.each([
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("shows %i as %s", (count, text) => {
    expect(formatUnreadCount(count)).toBe(text);
    const { container } = render(<UnreadBadge count={count} />);
    expect(container).toHaveTextContent(text);
    expect(screen.getByText(`${count} unread`)).toBeInTheDocument();
  });

  it("renders nothing when nothing is unread", () => {
    const { container } = render(<UnreadBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("PendingBadge", () => {
  it("reads Pending", () => {
    render(<PendingBadge />);
    expect(screen.getByText("Pending")).toBeInTheDocument();
  });
});
