import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is a non-submitting button by default and calls onClick", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save Changes</Button>);
    const button = screen.getByRole("button", { name: "Save Changes" });
    expect(button).toHaveAttribute("type", "button");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is disabled and shows its busy label while busy", async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyLabel="Sending..." onClick={onClick}>
        Send Login Link
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
