// Every spawning test's build check (test/assertBuilt.ts, also reached as spawnServer's
// requireBuild): a dist/ older than any source fails loudly instead of testing the old build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { requireBuild } from "./reliability/spawnServer.js";

let root: string | undefined;
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

function project(): { root: string; built: string; source: string } {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "careem-build-"));
  fs.mkdirSync(path.join(root, "dist"));
  fs.mkdirSync(path.join(root, "src", "server"), { recursive: true });
  const built = path.join(root, "dist", "cli.js");
  const source = path.join(root, "src", "server", "http.ts");
  fs.writeFileSync(source, "");
  fs.writeFileSync(built, "");
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(source, past, past);
  return { root, built, source };
}

describe("requireBuild", () => {
  it("passes a build newer than every source", () => {
    expect(() => requireBuild(project().root)).not.toThrow();
  });

  it("refuses a build older than a source, naming it", () => {
    const p = project();
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(p.source, future, future);
    expect(() => requireBuild(p.root)).toThrow("dist/ is older than src/server/http.ts: rebuild first");
  });

  it("refuses a missing build", () => {
    const p = project();
    fs.rmSync(p.built);
    expect(() => requireBuild(p.root)).toThrow(/dist\/cli\.js is missing: build first/);
  });
});
