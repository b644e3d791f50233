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
});
