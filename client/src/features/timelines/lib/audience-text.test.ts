import { describe, expect, it } from "vitest";
import { audienceText, listOfNames, ONLY_YOU_TWO } from "./audience-text";

const person = (displayName: string, username = displayName.toLowerCase()) => ({ displayName, username });
const maya = person("Maya");
const leo = person("Leo");
const sam = person("Sam");

describe("audienceText", () => {
  it("says 'Only you two' when nobody else is let in", () => {
    expect(audienceText(0, [])).toBe(ONLY_YOU_TWO);
    expect(ONLY_YOU_TWO).toBe("Only you two");
  });

  it("counts one person, with or without their name", () => {
    expect(audienceText(1, [])).toBe("1 person");
    expect(audienceText(1, [maya])).toBe("1 person: Maya");
  });

  it("names everyone when there are at most three and all are known", () => {
    expect(audienceText(2, [maya, leo])).toBe("2 people: Maya and Leo");
    expect(audienceText(3, [maya, leo, sam])).toBe("3 people: Maya, Leo and Sam");
  });

  it("says 'More than 100 people' past the count the server stops at", () => {
    expect(audienceText(100, [])).toBe("About 100 people");
    expect(audienceText(101, [])).toBe("More than 100 people");
    expect(audienceText(101, [maya, leo, sam])).toBe("More than 100 people, including Maya and Leo");
  });

  it("says small counts exactly, including whoever is known", () => {
    expect(audienceText(2, [])).toBe("2 people");
    expect(audienceText(3, [maya])).toBe("3 people, including Maya");
    expect(audienceText(3, [maya, leo])).toBe("3 people, including Maya and Leo");
  });

  it("says 'About N people' for more, naming at most two", () => {
    expect(audienceText(14, [maya, leo])).toBe("About 14 people, including Maya and Leo");
    expect(audienceText(14, [maya, leo, sam, person("Ann")])).toBe("About 14 people, including Maya and Leo");
    expect(audienceText(14, [maya])).toBe("About 14 people, including Maya");
    expect(audienceText(14, [])).toBe("About 14 people");
  });

  it("falls back to the full name, then the username", () => {
    expect(audienceText(1, [{ displayName: " ", fullName: "Maya Cohen", username: "maya" }])).toBe(
      "1 person: Maya Cohen",
    );
    expect(audienceText(1, [{ displayName: "", fullName: null, username: "maya" }])).toBe("1 person: @maya");
  });

  it("joins names in plain English", () => {
    expect(listOfNames([])).toBe("");
    expect(listOfNames(["Maya"])).toBe("Maya");
    expect(listOfNames(["Maya", "Leo"])).toBe("Maya and Leo");
    expect(listOfNames(["Maya", "Leo", "Sam"])).toBe("Maya, Leo and Sam");
  });
});
