import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints, isBootChunk } from "./compile-hints";

const chunk = (fields: Partial<Parameters<typeof isBootChunk>[0]>) => ({
  type: "chunk" as const,
  isEntry: false,
  isDynamicEntry: false,
  moduleIds: [] as string[],
  ...fields,
});

describe("isBootChunk", () => {
  it("takes the app's entry and the static chunks of React DOM, React Router, Apollo and the documents", () => {
    expect(isBootChunk(chunk({ isEntry: true, name: "index" }))).toBe(true);
    expect(isBootChunk(chunk({ moduleIds: ["/app/node_modules/react-dom/cjs/react-dom-client.production.js"] }))).toBe(
      true,
    );
    expect(isBootChunk(chunk({ moduleIds: ["/app/node_modules/react-router/dist/development/index.mjs"] }))).toBe(true);
    expect(isBootChunk(chunk({ moduleIds: ["/app/node_modules/@apollo/client/core/index.js"] }))).toBe(true);
    expect(isBootChunk(chunk({ moduleIds: ["/app/client/src/gql/graphql.ts"] }))).toBe(true);
    // the app's boot, which the entry imports once the painted first screen is shown (src/main.tsx)
    expect(isBootChunk(chunk({ isDynamicEntry: true, name: "boot", facadeModuleId: "/app/client/src/boot.tsx" }))).toBe(
      true,
    );
  });

  it("leaves out the landing page, the screens' own chunks and other libraries", () => {
    expect(isBootChunk(chunk({ isEntry: true, name: "landing" }))).toBe(false);
    expect(
      isBootChunk(
        chunk({ isDynamicEntry: true, moduleIds: ["/app/node_modules/@apollo/client/react/hooks/useMutation.js"] }),
      ),
    ).toBe(false);
    expect(isBootChunk(chunk({ moduleIds: ["/app/node_modules/date-fns/format.js"] }))).toBe(false);
    expect(isBootChunk({ type: "asset" })).toBe(false);
  });
});

describe("compileHints", () => {
  it("puts the hint on the first line of each boot chunk written and moves its source map down a line", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    try {
      fs.mkdirSync(path.join(dir, "assets"));
      const write = (name: string, code: string) => {
        fs.writeFileSync(path.join(dir, "assets", name), code);
        fs.writeFileSync(path.join(dir, "assets", `${name}.map`), JSON.stringify({ version: 3, mappings: "AAAA" }));
      };
      write("index-1.js", "const __vite__mapDeps=1;\nboot();");
      write("landing-1.js", "landing();");
      const bundle = {
        "assets/index-1.js": chunk({ isEntry: true, name: "index", fileName: "assets/index-1.js" }),
        "assets/landing-1.js": chunk({ isEntry: true, name: "landing", fileName: "assets/landing-1.js" }),
      };
      const plugin = compileHints();
      const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: unknown) => void;
      writeBundle.call({}, { dir }, bundle);
      const read = (name: string) => fs.readFileSync(path.join(dir, "assets", name), "utf8");
      expect(read("index-1.js")).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=1;\nboot();`);
      expect(JSON.parse(read("index-1.js.map")).mappings).toBe(";AAAA");
      expect(read("landing-1.js")).toBe("landing();");
      expect(JSON.parse(read("landing-1.js.map")).mappings).toBe("AAAA");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
