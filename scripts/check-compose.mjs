// Checks docker-compose.yml without a Docker engine (none on the development machine or in CI):
// parses it with the `yaml` library (anchors and merge keys resolved as Compose does) and checks
// that every reference points at something that exists and that the app is wired to the bucket.
// `docker compose config` remains the full check wherever Docker is installed.
import fs from "node:fs";
import YAML from "yaml";

const file = new URL("../docker-compose.yml", import.meta.url);
const doc = YAML.parseDocument(fs.readFileSync(file, "utf8"), { merge: true, prettyErrors: true });
const problems = doc.errors.map((e) => e.message);
const compose = problems.length ? {} : doc.toJS({ maxAliasCount: 100 });
const services = compose.services ?? {};
const check = (ok, message) => ok || problems.push(message);

for (const [name, svc] of Object.entries(services)) {
  check(svc.image || svc.build, `${name}: needs an image or a build`);
  const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
  for (const dep of deps) check(services[dep], `${name}: depends_on unknown service ${dep}`);
  for (const v of svc.volumes ?? []) {
    const source = String(v).split(":")[0];
    if (!source.startsWith(".") && !source.startsWith("/")) {
      check(compose.volumes && source in compose.volumes, `${name}: volume ${source} is not declared`);
    }
  }
  for (const c of svc.configs ?? [])
    check(compose.configs?.[c.source ?? c], `${name}: config ${c.source ?? c} missing`);
  for (const p of svc.ports ?? []) check(/^\d+:\d+$/.test(String(p)), `${name}: port ${p} is not "host:container"`);
}

for (const name of ["app", "app-replica"]) {
  const env = services[name]?.environment ?? {};
  for (const key of ["DATABASE_URL", "SESSION_SECRET", "S3_BUCKET", "S3_ENDPOINT", "AWS_ACCESS_KEY_ID"]) {
    check(env[key], `${name}: environment lacks ${key}`);
  }
}
for (const name of ["app", "app-replica"]) {
  check(services[name]?.build?.args?.NODE_VERSION === "24", `${name}: must build on Node 24 (build.args.NODE_VERSION)`);
}
check(services["app-replica"]?.environment?.TRUST_PROXY === "1", "app-replica: TRUST_PROXY must be 1 behind the proxy");
const init = JSON.stringify(services["minio-init"]?.entrypoint ?? "");
check(init.includes(`local/${services.app?.environment?.S3_BUCKET}`), "minio-init does not create the app's bucket");
const caddyfile = compose.configs?.caddyfile?.content ?? "";
check(/dynamic a app-replica 3000/.test(caddyfile), "the Caddyfile does not proxy to app-replica:3000");

if (problems.length) {
  console.error(`docker-compose.yml:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`docker-compose.yml: ${Object.keys(services).length} services, references and app wiring OK`);
