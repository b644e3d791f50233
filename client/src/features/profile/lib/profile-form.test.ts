import { USERNAME_TAKEN } from "@keepsake/contract";
import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { describe, expect, it } from "vitest";
import {
  normalizeUsernameInput,
  profileSaveErrorMessage,
  SAVE_FAILED,
  SESSION_EXPIRED,
  validateProfile,
} from "./profile-form";

const graphqlError = (message: string, code?: string) =>
  new CombinedGraphQLErrors({ errors: [{ message, ...(code ? { extensions: { code } } : {}) }] });

describe("profileSaveErrorMessage (docs/product.md §8)", () => {
  it("maps a taken username (CONFLICT)", () => {
    expect(profileSaveErrorMessage(graphqlError("taken", "CONFLICT"))).toBe(USERNAME_TAKEN);
    expect(USERNAME_TAKEN).toBe("This username is already taken. Please choose a different one.");
  });

  it('maps "Authentication required" and UNAUTHENTICATED to the expired-session message', () => {
    expect(profileSaveErrorMessage(graphqlError("Authentication required"))).toBe(SESSION_EXPIRED);
    expect(profileSaveErrorMessage(graphqlError("Nope", "UNAUTHENTICATED"))).toBe(SESSION_EXPIRED);
    expect(profileSaveErrorMessage(new Error("Authentication required"))).toBe(SESSION_EXPIRED);
    expect(
      profileSaveErrorMessage(
        new ServerError("Unauthorized", { response: new Response(null, { status: 401 }), bodyText: "" }),
      ),
    ).toBe(SESSION_EXPIRED);
    expect(SESSION_EXPIRED).toBe("Your session has expired. Please log in again.");
  });

  it("maps anything else to the generic failure", () => {
    expect(profileSaveErrorMessage(graphqlError("Display name is required", "BAD_USER_INPUT"))).toBe(SAVE_FAILED);
    expect(profileSaveErrorMessage(new Error("Failed to fetch"))).toBe(SAVE_FAILED);
    expect(profileSaveErrorMessage("weird")).toBe(SAVE_FAILED);
    expect(SAVE_FAILED).toBe("Failed to save profile. Please try again.");
  });
});

describe("validateProfile (docs/product.md §5)", () => {
  const ok = { displayName: "Ada", username: "ada", bio: "" };

  it("accepts a valid profile", () => {
    expect(validateProfile(ok)).toEqual({});
  });

  it("requires a display name of at most 100 characters", () => {
    expect(validateProfile({ ...ok, displayName: "  " }).displayName).toBe("Display name is required");
    expect(validateProfile({ ...ok, displayName: "x".repeat(100) }).displayName).toBeUndefined();
    expect(validateProfile({ ...ok, displayName: "x".repeat(101) }).displayName).toBeDefined();
  });

  it("requires a username of 3–30 lowercase letters and numbers", () => {
    expect(validateProfile({ ...ok, username: "" }).username).toBe("Username is required");
    expect(validateProfile({ ...ok, username: "ab" }).username).toBe("Username must be at least 3 characters");
    expect(validateProfile({ ...ok, username: "a_b" }).username).toBe("Use lowercase letters and numbers only");
    expect(validateProfile({ ...ok, username: "a".repeat(31) }).username).toBeDefined();
    expect(validateProfile({ ...ok, username: "ada2024" }).username).toBeUndefined();
  });

  it("limits the bio to 500 characters", () => {
    expect(validateProfile({ ...ok, bio: "x".repeat(500) }).bio).toBeUndefined();
    expect(validateProfile({ ...ok, bio: "x".repeat(501) }).bio).toBeDefined();
  });

  it("lowercases the username as it is typed", () => {
    expect(normalizeUsernameInput("Ada Love")).toBe("adalove");
  });
});
