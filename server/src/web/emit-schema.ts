/** Writes schema/schema.graphql (the committed contract; CI fails when it drifts). */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printSdl } from "./schema.js";

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../schema/schema.graphql");
const sdl = await printSdl();
if (process.argv.includes("--check")) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (current !== sdl) {
    process.stderr.write("schema/schema.graphql is out of date: run `npm run schema:emit`\n");
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, sdl);
  process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
}
