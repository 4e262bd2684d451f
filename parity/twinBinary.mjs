// The Go twin's binary, built once per source state (and go-sdk version) and cached under
// parity/.cache: shared by the recorder (record.mjs) and the tests that need a real go-sdk
// server as an upstream (test/importer, test/recorder), so none of them builds it twice.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const parityDir = import.meta.dirname;

/** The binary's path, building it first when this source state has none yet. `sdk`: another go-sdk release. */
export function buildTwin(sdk) {
  const twinDir = path.join(parityDir, "twin");
  const hash = createHash("sha256");
  for (const f of fs.readdirSync(twinDir).sort()) if (/\.(go|mod|sum)$/.test(f)) hash.update(f).update(fs.readFileSync(path.join(twinDir, f)));
  hash.update(sdk ?? "pinned");
  const cacheDir = path.join(parityDir, ".cache");
  const bin = path.join(cacheDir, `twin-${hash.digest("hex").slice(0, 16)}`);
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(cacheDir, { recursive: true });
  let src = twinDir;
  if (sdk) {
    // A copy, so the committed go.mod and go.sum keep the pinned release.
    src = fs.mkdtempSync(path.join(os.tmpdir(), "parity-twin-"));
    for (const f of fs.readdirSync(twinDir)) if (/\.(go|mod|sum)$/.test(f)) fs.copyFileSync(path.join(twinDir, f), path.join(src, f));
    execFileSync("go", ["get", `github.com/modelcontextprotocol/go-sdk@${sdk}`], { cwd: src, stdio: "inherit" });
    execFileSync("go", ["mod", "tidy"], { cwd: src, stdio: "inherit" });
  }
  // Built under a temporary name and renamed: two test workers building at once never run a
  // half-written binary.
  const partial = `${bin}.${process.pid}.partial`;
  execFileSync("go", ["build", "-o", partial, "."], { cwd: src, stdio: ["ignore", "inherit", "inherit"] });
  fs.renameSync(partial, bin);
  return bin;
}
