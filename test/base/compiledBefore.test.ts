import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SchemaCompiler } from "../../src/base/ajv.js";
import { compileKey, CompiledBefore } from "../../src/base/compiledBefore.js";

const dirs: string[] = [];
function ledgerFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compiled-before-"));
  dirs.push(dir);
  return path.join(dir, "cache", "compiled-schemas");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const good = { type: "object", properties: { rideId: { type: "string", minLength: 3 } }, required: ["rideId"] };
// Ajv refuses a reference to nothing when it compiles.
const broken = { type: "object", properties: { at: { $ref: "#/$defs/missing" } } };

describe("CompiledBefore: keys remembered across processes", () => {
  it("a key added by one instance is known to the next one on the same file", () => {
    const file = ledgerFile();
    const first = new CompiledBefore(file);
    const key = compileKey("tag", "text");
    expect(first.has(key)).toBe(false);
    first.add(key);
    expect(new CompiledBefore(file).has(key)).toBe(true);
    expect(new CompiledBefore(file).has(compileKey("other tag", "text"))).toBe(false);
  });

  it("ignores lines that are not keys", () => {
    const file = ledgerFile();
    const key = compileKey("tag", "text");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `not a key\n${key.slice(0, 40)}\n${key}\n`);
    const ledger = new CompiledBefore(file);
    expect(ledger.has(key)).toBe(true);
    expect(ledger.has("not a key")).toBe(false);
  });

  it("stays bounded: past its limit the file keeps its newer half", () => {
    const file = ledgerFile();
    const keys = Array.from({ length: 12 }, (_, i) => compileKey("tag", String(i)));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, keys.map((k) => `${k}\n`).join(""));
    const ledger = new CompiledBefore(file, 10);
    expect(ledger.has(keys[11] as string)).toBe(true);
    expect(ledger.has(keys[1] as string)).toBe(false);
    expect(fs.readFileSync(file, "utf8").trim().split("\n")).toEqual(keys.slice(-5));
  });

  it("where the file cannot be written, remembers in memory and goes on", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compiled-before-"));
    dirs.push(dir);
    const blocker = path.join(dir, "a-file");
    fs.writeFileSync(blocker, "");
    const ledger = new CompiledBefore(path.join(blocker, "compiled-schemas"));
    const key = compileKey("tag", "text");
    ledger.add(key);
    expect(ledger.has(key)).toBe(true);
  });
});

describe("SchemaCompiler.prepare", () => {
  it("compiles a schema never seen at once: a broken one throws there, and is not remembered", () => {
    const file = ledgerFile();
    const compiler = new SchemaCompiler({ formats: true }, new CompiledBefore(file));
    expect(() => compiler.prepare(broken)).toThrow(/can't resolve reference #\/\$defs\/missing/);
    expect(fs.existsSync(file)).toBe(false);
    // Still unknown to the next process: it compiles (and throws) at once again.
    expect(() => new SchemaCompiler({ formats: true }, new CompiledBefore(file)).prepare(broken)).toThrow(/can't resolve reference/);
  });

  it("a schema that compiled before compiles on first use, and validates as one compiled at once", () => {
    const file = ledgerFile();
    const eager = new SchemaCompiler({ formats: true }, new CompiledBefore(file)).prepare(good);
    expect(fs.readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
    const lazy = new SchemaCompiler({ formats: true }, new CompiledBefore(file)).prepare(good);
    expect(lazy.errors).toBeUndefined();
    for (const value of [{ rideId: "ride_1" }, { rideId: "r" }, {}, { rideId: 7 }]) {
      expect(lazy(value)).toBe(eager(value));
      expect(lazy.errors).toEqual(eager.errors);
    }
  });

  it("the options are part of what is remembered: the same text under other options compiles at once", () => {
    const file = ledgerFile();
    new SchemaCompiler({ formats: false }, new CompiledBefore(file)).prepare(good);
    new SchemaCompiler({ formats: false }, new CompiledBefore(file)).prepare(good);
    expect(fs.readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
    // Not known under formats on: compiled at once, and remembered under its own key.
    new SchemaCompiler({ formats: true }, new CompiledBefore(file)).prepare(good);
    expect(fs.readFileSync(file, "utf8").trim().split("\n")).toHaveLength(2);
  });

  it("a remembered schema that does not compile (a hand-edited ledger) fails on first use, naming the ledger", () => {
    const file = ledgerFile();
    // Planted as if this compiler had compiled it before.
    const withFormats = new SchemaCompiler({ formats: true }, new CompiledBefore(file));
    const tag = withFormats.tag;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${compileKey(tag, JSON.stringify(broken))}\n`);
    const validate = new SchemaCompiler({ formats: true }, new CompiledBefore(file)).prepare(broken);
    expect(() => validate({})).toThrow(`(this schema was remembered as compiling: delete ${file} and restart)`);
  });
});
