#!/usr/bin/env node
// Fails when schema/schema.graphql or the generated client code differ from what the server and
// the client's operations produce (CI runs this; fix with `npm run schema:emit && npm run codegen`).
import { execFileSync } from "node:child_process";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
run("npm", ["run", "--silent", "schema:emit"]);
run("npm", ["run", "--silent", "codegen"]);
const changed = execFileSync("git", ["status", "--porcelain", "--", "schema", "client/src/gql"], { encoding: "utf8" });
if (changed.trim()) {
  console.error("Drift: these generated files differ from the committed ones:\n" + changed);
  console.error("Run `npm run schema:emit && npm run codegen` and commit the result.");
  process.exit(1);
}
console.log("schema/schema.graphql and client/src/gql are up to date.");
