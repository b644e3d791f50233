import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CharCounter } from "./char-counter";

describe("CharCounter", () => {
  it("shows the count within the limit", () => {
    const { container } = render(<CharCounter current={12} max={100} />);
    expect(container).toHaveTextContent("12/100");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows no warning exactly at the limit", () => {
    const { container } = render(<CharCounter current={100} max={100} />);
    expect(container).toHaveTextContent("100/100");
    expect(container).not.toHaveTextContent("Character limit exceeded");
  });

  it("warns with the spec's exact text when over the limit", () => {
    render(<CharCounter current={101} max={100} />);
    expect(screen.getByRole("status")).toHaveTextContent(/^⚠️ Character limit exceeded \(101\/100\)$/);
  });
});
