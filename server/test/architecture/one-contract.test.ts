import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as contract from "@keepsake/contract";
import { describe, expect, it } from "vitest";

/**
 * One contract for limits and messages (docs/decisions/030-one-contract.md): the values in
 * @keepsake/contract are the product's (docs/product.md §8, §9), and neither workspace defines
 * a copy of one of them.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const product = fs.readFileSync(path.join(repo, "docs/product.md"), "utf8");

/** The numbers of a "§9 Constants and limits" row, e.g. "Display name / username / bio" → [100, 30, 500]. */
function limitsRow(item: string): number[] {
  const row = product.split("\n").find((line) => line.startsWith(`| ${item} `));
  if (!row) throw new Error(`docs/product.md has no row "${item}"`);
  return [...row.split("|")[2]!.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replaceAll(",", "")));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return file.includes(`${path.sep}gql${path.sep}`) ? [] : [file];
  });
}

describe("@keepsake/contract", () => {
  it("holds the product's field limits (docs/product.md §9)", () => {
    expect(limitsRow("Title / caption / location / meaning")).toEqual([
      contract.TITLE_MAX,
      contract.CAPTION_MAX,
      contract.LOCATION_MAX,
      contract.MEANING_MAX,
    ]);
    expect(limitsRow("Partner's note (`partner_meaning`)")[0]).toBe(contract.PARTNER_MEANING_MAX);
    expect(limitsRow("Display name / username / bio")).toEqual([
      contract.DISPLAY_NAME_MAX,
      contract.USERNAME_MAX,
      contract.BIO_MAX,
    ]);
    expect(limitsRow("Username check delay")).toContain(contract.USERNAME_MIN);
  });

  it("holds the product's messages word for word (docs/product.md §8)", () => {
    for (const message of [
      contract.INVALID_DATE_MESSAGE,
      contract.FUTURE_DATE_MESSAGE,
      contract.ACCESS_NOT_FOUND,
      contract.USERNAME_TAKEN,
      contract.AUTHENTICATION_REQUIRED,
    ]) {
      expect(product).toContain(`"${message}"`);
    }
  });

  it("is the only place either workspace defines them", () => {
    const values = Object.values(contract).map((value) => (typeof value === "string" ? JSON.stringify(value) : null));
    const names = Object.keys(contract);
    const copies: string[] = [];
    for (const file of [...sourceFiles(path.join(repo, "server/src")), ...sourceFiles(path.join(repo, "client/src"))]) {
      const text = fs.readFileSync(file, "utf8");
      for (const name of names) if (new RegExp(`\\bconst ${name}\\s*=`).test(text)) copies.push(`${file}: ${name}`);
      for (const value of values) if (value && text.includes(value)) copies.push(`${file}: ${value}`);
    }
    expect(copies).toEqual([]);
  });
});
