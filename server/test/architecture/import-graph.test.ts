import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import madge from "madge";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph of server/src has no circles, type-only imports included, and no module
 * re-exports a class that another module declares (docs/decisions/015-code-layout.md). ESLint's
 * `import-x/no-cycle` sees value imports only; a circle through `import type` still ties the
 * modules together for a reader, so this test counts them too.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, "../..");
const srcDir = path.join(serverDir, "src");
const tsconfig = path.join(serverDir, "tsconfig.json");

const withTypes = { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } };

async function circlesIn(dir: string): Promise<string[][]> {
  const graph = await madge(dir, { fileExtensions: ["ts"], tsConfig: tsconfig, detectiveOptions: withTypes });
  return graph.circular();
}

const sourceFiles = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => path.join(dir, f));

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
const isExported = (n: ts.Node) =>
  ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The file a relative specifier ("./x.js") names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  return path.resolve(path.dirname(from), specifier.replace(/\.js$/, ".ts"));
}

/**
 * `file: Name (declared in other-file)` for every class a module hands out again (`export { X } from`,
 * `export *`, or `import { X } …; export { X }`). Syntactic: a class is a top-level
 * `export class` of the file it is imported from.
 */
function reExportedClasses(dir: string): string[] {
  const files = sourceFiles(dir);
  const classes = new Map<string, Set<string>>();
  for (const file of files) {
    const names = parse(file)
      .statements.filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && isExported(s) && !!s.name)
      .map((s) => s.name!.text);
    classes.set(file, new Set(names));
  }
  const found: string[] = [];
  for (const file of files) {
    const source = parse(file);
    const importedFrom = new Map<string, string>();
    for (const s of source.statements) {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
      const home = resolve(file, s.moduleSpecifier.text);
      const bindings = s.importClause?.namedBindings;
      if (!home || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const el of bindings.elements)
        importedFrom.set(el.name.text, `${home}#${(el.propertyName ?? el.name).text}`);
    }
    for (const s of source.statements) {
      if (!ts.isExportDeclaration(s)) continue;
      const from =
        s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? resolve(file, s.moduleSpecifier.text) : null;
      const report = (home: string, name: string) => {
        if (classes.get(home)?.has(name))
          found.push(`${path.relative(dir, file)}: ${name} (declared in ${path.relative(dir, home)})`);
      };
      if (!s.exportClause && from) for (const name of classes.get(from) ?? []) report(from, name);
      if (!s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
      for (const el of s.exportClause.elements) {
        const local = (el.propertyName ?? el.name).text;
        if (from) report(from, local);
        else if (importedFrom.has(local)) {
          const [home, name] = importedFrom.get(local)!.split("#") as [string, string];
          report(home, name);
        }
      }
    }
  }
  return found;
}

describe("import graph of server/src", () => {
  it("has no circles, counting type-only imports", async () => {
    expect(await circlesIn(srcDir)).toEqual([]);
  }, 120_000);

  it("re-exports no class declared in another module", () => {
    expect(reExportedClasses(srcDir)).toEqual([]);
  });

  describe("the checks can fail", () => {
    it("finds a circle made of type-only imports", async () => {
      const circles = await circlesIn(path.join(here, "fixtures/type-cycle"));
      expect(circles).toEqual([["a.ts", "b.ts"]]);
    }, 60_000);

    it("finds a re-exported class", () => {
      expect(reExportedClasses(path.join(here, "fixtures/re-export"))).toEqual([
        "notices.service.ts: Mailbox (declared in mailbox.ts)",
      ]);
    });
  });
});
