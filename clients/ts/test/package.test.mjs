// The package as it would be published, imported by plain node (no
// TypeScript loader, no bundler): its exports lead to the built
// JavaScript with its type declarations beside it, and it names itself,
// its version, its licence and its files.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

test("plain node imports the built package", async () => {
  const client = await import("@moonshine-games/client");
  const entry = fileURLToPath(import.meta.resolve("@moonshine-games/client"));
  assert.match(entry, /clients\/ts\/dist\/index\.js$/);
  assert.ok(existsSync(entry.replace(/\.js$/, ".d.ts")), "index.d.ts beside index.js");
  assert.equal(typeof client.createMoonshineClient, "function");
  assert.equal(typeof client.refusalOf, "function");
  assert.equal(client.GameService.typeName, "moonshine.v1.GameService");
  const gen = await import("@moonshine-games/client/gen/moonshine/boozebarons/v1/boozebarons_pb.js");
  assert.ok(gen.file_moonshine_boozebarons_v1_boozebarons);
  const c = client.createMoonshineClient({ baseUrl: "http://127.0.0.1:1" });
  assert.equal(typeof c.createGame, "function");
});

test("the package is ready to publish", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  assert.equal(pkg.name, "@moonshine-games/client");
  assert.match(pkg.version, /^\d+\.\d+\.\d+$/);
  assert.ok(pkg.license);
  assert.deepEqual(pkg.files, ["dist", "src", "README.md"]);
  assert.equal(pkg.exports["."].types, "./dist/index.d.ts");
  assert.ok(!pkg.private);
  for (const dep of Object.keys(pkg.dependencies)) {
    assert.match(pkg.dependencies[dep], /^\d+\.\d+\.\d+$/, `${dep} is pinned`);
  }
});
