import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar, avatarColourFor, initialsFor } from "./avatar";

describe("initialsFor", () => {
  it.each([
    ["Ada Lovelace", null, "AL"],
    ["ada", null, "A"],
    ["Mary Ann Evans", null, "ME"],
    ["  ", "grace.hopper@example.com", "GH"],
    [null, "bo@example.com", "B"],
    [null, null, "?"],
    ["émile zola", null, "ÉZ"],
  ])("%s / %s → %s", (name, email, initials) => {
    expect(initialsFor(name, email)).toBe(initials);
  });
});

describe("Avatar", () => {
  it("shows generated initials with the person's name as its label", () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole("img", { name: "Ada Lovelace" })).toHaveTextContent("AL");
  });

  it("shows the photo, and falls back to initials when it fails to load", () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/media/a.webp" />);
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("src", "/media/a.webp");
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("img", { name: "Ada Lovelace" })).toHaveTextContent("AL");
  });

  it("gives the same person the same colour", () => {
    expect(avatarColourFor("Ada")).toBe(avatarColourFor("Ada"));
  });

  it("keeps a person's colour through a rename: it is seeded by their id", () => {
    const bg = (el: HTMLElement) => el.style.getPropertyValue("--avatar-bg");
    const { rerender } = render(<Avatar seed="u-42" name="Ada Lovelace" />);
    const before = bg(screen.getByRole("img"));
    rerender(<Avatar seed="u-42" name="Ada King" />);
    expect(bg(screen.getByRole("img"))).toBe(before);
  });

  it("gives partners shown together distinct colours, even when their ids would clash", () => {
    // find two ids that share a colour, then show one beside the other
    const ids = Array.from({ length: 50 }, (_, i) => `u-${i}`);
    const a = ids[0]!;
    const b = ids.find((id) => id !== a && avatarColourFor(id) === avatarColourFor(a))!;
    expect(b).toBeDefined();
    expect(avatarColourFor(b, a)).not.toBe(avatarColourFor(a));
    expect(avatarColourFor(b, a)).toBe(avatarColourFor(b, a));
  });
});
