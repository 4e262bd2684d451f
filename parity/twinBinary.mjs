// The Go twin's binary, built once per source state (and go-sdk version) and cached under
// parity/.cache: shared by the recorder (record.mjs) and the tests that need a real go-sdk
// server as an upstream (test/importer, test/recorder), so none of them builds it twice.
//
// The pinned release builds from parity/twin/go.mod. Every other served profile has its own
// committed go.mod and go.sum under parity/twin/versions/<version>/, used with `go build
// -modfile`, so each profile's build is reproducible offline from the module cache and none of
// them moves the pinned one. A release without such a folder is still built, from a temporary
// copy upgraded with `go get` (ad-hoc, unreproducible: add a folder to make it a profile).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const parityDir = import.meta.dirname;
const twinDir = path.join(parityDir, "twin");
export const versionsDir = path.join(twinDir, "versions");

/** The go-sdk release parity/twin/go.mod pins (the base profile). */
export function pinnedSdk() {
  const mod = fs.readFileSync(path.join(twinDir, "go.mod"), "utf8");
  return /github\.com\/modelcontextprotocol\/go-sdk (v\S+)/.exec(mod)?.[1] ?? "unknown";
}

/** Every go-sdk release the twin has a committed module for: the pinned one first, then versions/ in order. */
export function servedSdks() {
  const extra = fs.existsSync(versionsDir) ? fs.readdirSync(versionsDir).filter((v) => fs.existsSync(path.join(versionsDir, v, "go.mod"))) : [];
  const key = (v) => v.replace(/^v/, "").split(/[.-]/).map((p) => (/^\d+$/.test(p) ? p.padStart(6, "0") : p)).join(".");
  return [pinnedSdk(), ...extra.filter((v) => v !== pinnedSdk()).sort((a, b) => (key(a) < key(b) ? -1 : 1))];
}

/** The binary's path, building it first when this source state has none yet. `sdk`: another go-sdk release. */
export function buildTwin(sdk) {
  if (sdk === pinnedSdk()) sdk = undefined;
  const modDir = sdk ? path.join(versionsDir, sdk) : undefined;
  const committed = modDir && fs.existsSync(path.join(modDir, "go.mod"));
  const hash = createHash("sha256");
  for (const f of fs.readdirSync(twinDir).sort()) if (/\.(go|mod|sum)$/.test(f)) hash.update(f).update(fs.readFileSync(path.join(twinDir, f)));
  if (committed) for (const f of ["go.mod", "go.sum"]) hash.update(f).update(fs.readFileSync(path.join(modDir, f)));
  hash.update(sdk ?? "pinned");
  const cacheDir = path.join(parityDir, ".cache");
  const bin = path.join(cacheDir, `twin-${hash.digest("hex").slice(0, 16)}`);
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(cacheDir, { recursive: true });
  let src = twinDir;
  const args = ["build"];
  if (committed) args.push(`-modfile=${path.join(modDir, "go.mod")}`);
  else if (sdk) {
    // A copy, so the committed go.mod and go.sum keep the pinned release.
    src = fs.mkdtempSync(path.join(os.tmpdir(), "parity-twin-"));
    for (const f of fs.readdirSync(twinDir)) if (/\.(go|mod|sum)$/.test(f)) fs.copyFileSync(path.join(twinDir, f), path.join(src, f));
    execFileSync("go", ["get", `github.com/modelcontextprotocol/go-sdk@${sdk}`], { cwd: src, stdio: "inherit" });
    execFileSync("go", ["mod", "tidy"], { cwd: src, stdio: "inherit" });
  }
  // Built under a temporary name and renamed: two test workers building at once never run a
  // half-written binary.
  const partial = `${bin}.${process.pid}.partial`;
  execFileSync("go", [...args, "-o", partial, "."], { cwd: src, stdio: ["ignore", "inherit", "inherit"] });
  fs.renameSync(partial, bin);
  return bin;
}
