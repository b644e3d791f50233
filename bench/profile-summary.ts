/**
 * Where a CPU profile's time went, by package: `npx tsx --tsconfig bench/tsconfig.json
 * bench/profile-summary.ts <file.cpuprofile> [--top=25]` (the profile of the bench's server
 * process: `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`, bench/README.md).
 *
 * Self time only (a function's own samples, natives charged to the frame that called them),
 * grouped by the npm package of the frame's file; the server bundle's own code (app and bare
 * handler, bench/lib/server-child.ts) is one group; idle time is left out of the shares.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The groups the summary reports, in the words of docs/decisions/028-fast-graphql-path.md. */
const GROUPS: [RegExp, string][] = [
  [/^(typeorm|pg|pg-protocol|pg-types|pg-pool|postgres-.*|pgpass|pg-connection-string)$/, "TypeORM + pg"],
  [
    /^(graphql|graphql-jit|@apollo\/.*|type-graphql|graphql-query-complexity|@escape\.tech\/.*|graphql-scalars|@graphql-.*|dataloader|fast-json-stringify|generate-function)$/,
    "GraphQL",
  ],
  [
    /^(express|router|body-parser|raw-body|helmet|compression|pino.*|on-finished|on-headers|finalhandler|send|serve-static|accepts|negotiator|type-is|content-type|mime-.*|iconv-lite|qs|cookie.*|depd|statuses|vary|etag|fresh|parseurl|encodeurl|escape-html|range-parser|bytes|debug|ms|destroy|ee-first|media-typer|http-errors|forwarded|proxy-addr|ipaddr\.js|merge-descriptors|content-disposition|path-to-regexp|graphql-upload-minimal|@as-integrations\/.*|sonic-boom|thread-stream|fast-redact|safe-stable-stringify|quick-format-unescaped|atomic-sleep|real-require|on-exit-leak-free)$/,
    "HTTP stack",
  ],
  [/^(express-session|connect-pg-simple|uid-safe|random-bytes|cookie-signature)$/, "session"],
];

function groupOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(idle)") return "(idle)";
  if (functionName === "(program)") return "(program)";
  if (url === "") return `native: ${functionName || "(anonymous)"}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (!pkg) return url.startsWith("node:") ? "Node internals" : "app and bare code";
  return GROUPS.find(([re]) => re.test(pkg))?.[1] ?? `other: ${pkg}`;
}

const file = process.argv[2];
if (!file) {
  console.error("usage: profile-summary.ts <file.cpuprofile> [--top=25]");
  process.exit(2);
}
const top = Number(/--top=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;

/** A native frame (no url) is charged to the nearest JavaScript frame above it, as the record counts. */
function chargedFrame(node: ProfileNode): CallFrame {
  let n: ProfileNode | undefined = node;
  const own = node.callFrame;
  if (own.url !== "" || own.functionName.startsWith("(")) return own;
  while (n && n.callFrame.url === "") n = n.parent ? byId.get(n.parent) : undefined;
  return n ? { ...n.callFrame, functionName: `${own.functionName} ← ${n.callFrame.functionName}` } : own;
}

const groups = new Map<string, number>();
const functions = new Map<string, number>();
const natives = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  const frame = chargedFrame(node);
  const g = groupOf(frame);
  if (g === "(idle)") return;
  total += dt;
  groups.set(g, (groups.get(g) ?? 0) + dt);
  const name = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/.*node_modules\//, "")}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + dt);
  if (node.callFrame.url === "" && !node.callFrame.functionName.startsWith("("))
    natives.set(node.callFrame.functionName, (natives.get(node.callFrame.functionName) ?? 0) + dt);
});

const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${pct(v)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of busy samples (idle left out)`);
print("by group (self time)", groups, 30);
print("natives (self time, also inside the groups above)", natives, 8);
print(`top ${top} functions (self time)`, functions, top);
