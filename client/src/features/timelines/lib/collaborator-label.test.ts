import { describe, expect, it } from "vitest";
import { collaboratorLabel, otherPerson, personLabel } from "./collaborator-label";

const ada = { id: "u-1", displayName: "Ada Lovelace", fullName: null, email: "ada@example.com" };
const bo = { id: "u-2", displayName: "Bo Jensen", fullName: "Bo A. Jensen", email: "bo@example.com" };

describe("collaborator label (docs/product.md §3)", () => {
  it("names the other person of the timeline", () => {
    const timeline = { createdBy: ada, collaborator: bo, collaboratorEmail: "bo@example.com" };
    expect(collaboratorLabel(timeline, { id: "u-1" })).toBe("Bo Jensen");
    expect(collaboratorLabel(timeline, { id: "u-2" })).toBe("Ada Lovelace");
    expect(collaboratorLabel(timeline, { email: "BO@example.com" })).toBe("Ada Lovelace");
    expect(otherPerson(timeline, null)).toBe(bo);
  });

  it("uses display name, then full name, then e-mail (or 'Collaborator' on public views)", () => {
    expect(personLabel({ id: "x", displayName: " ", fullName: "Full Name", email: "x@example.com" })).toBe("Full Name");
    expect(personLabel({ id: "x", displayName: "", fullName: null, email: "x@example.com" })).toBe("x@example.com");
    expect(
      personLabel({ id: "x", displayName: "", fullName: null, email: "x@example.com" }, { publicView: true }),
    ).toBe("Collaborator");
  });

  it("says 'Loading...' while the people are not loaded", () => {
    expect(collaboratorLabel(null, { id: "u-1" })).toBe("Loading...");
    expect(personLabel({ id: "x", displayName: "", email: null }, { loading: true })).toBe("Loading...");
  });

  it("builds a fallback from the invited address, or 'Unknown User'", () => {
    expect(
      collaboratorLabel({ createdBy: ada, collaborator: null, collaboratorEmail: "dee@example.com" }, { id: "u-1" }),
    ).toBe("dee");
    expect(collaboratorLabel({ createdBy: ada, collaborator: null, collaboratorEmail: null }, { id: "u-1" })).toBe(
      "Unknown User",
    );
  });
});

describe("a former member (docs/decisions/023-export-and-deletion.md)", () => {
  it('shows "Former member" when the other participant deleted their account', () => {
    const timeline = {
      createdBy: { id: "me", displayName: "Me" },
      collaborator: null,
      collaboratorEmail: "",
      formerMember: true,
    };
    expect(collaboratorLabel(timeline, { id: "me" })).toBe("Former member");
    expect(collaboratorLabel(timeline, { id: "me" }, { publicView: true })).toBe("Former member");
  });
});
