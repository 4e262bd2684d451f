// ARCHITECTURE.md's table of what each room may import, held for the rooms whose purity the rest
// relies on: the engine and what it is injected with never reach a transport, express, node:http
// or the SDK, and goWire (the go-sdk's bytes) reaches no session, handler or transport. Every import form
// counts: static, type-only, re-exports, side-effect imports, import() and require().
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../journeys/server.js";
import { cyclesOf, runtimeSpecifiers, specifiers } from "./imports.js";

const src = path.join(projectRoot, "src");

function filesOf(room: string): string[] {
  return fs
    .readdirSync(path.join(src, room), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(src, room, f));
}

const PURE_ROOMS = ["base", "goJson", "toolFile", "jsonata", "template", "world", "state", "schemaMatch", "engine", "clock", "forcing", "overrides"];
// sucrase, node:vm and node:module: the world room loads the catalog's world modules (src/world/moduleLoader.ts).
const PURE_PACKAGES = ["jsonata", "ajv", "ajv-formats", "gray-matter", "unified", "remark-parse", "sucrase"];
const PURE_NODE = ["node:fs", "node:path", "node:crypto", "node:os", "node:util", "node:events", "node:vm", "node:module"];

/** Why `spec`, imported by `file`, breaks its room's rule; undefined when allowed. */
function pureRoomBreach(file: string, spec: string): string | undefined {
  if (spec.startsWith(".")) {
    const target = path.relative(src, path.resolve(path.dirname(file), spec));
    const room = target.split(path.sep)[0] as string;
    return PURE_ROOMS.includes(room) ? undefined : `reaches src/${target}`;
  }
  const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string);
  if (PURE_PACKAGES.includes(pkg) || PURE_NODE.includes(spec)) return undefined;
  return `imports ${spec}`;
}

describe("the rooms keep to ARCHITECTURE.md", () => {
  it("finds every import form", () => {
    const text = ['import a from "a";', 'import type { B } from "b";', 'export * from "c";', 'import "d";', 'await import("e");', 'require("f");', 'import {\n  g,\n} from "g";'].join("\n");
    expect(specifiers(text).sort()).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
  });

  it("names a breach: a transport, express and the SDK are not the engine's", () => {
    const file = path.join(src, "engine", "x.ts");
    expect(pureRoomBreach(file, "../server/http/http.js")).toBe(`reaches src/${path.join("server", "http", "http.js")}`);
    expect(pureRoomBreach(file, "express")).toBe("imports express");
    expect(pureRoomBreach(file, "@modelcontextprotocol/sdk/types.js")).toBe("imports @modelcontextprotocol/sdk/types.js");
    expect(pureRoomBreach(file, "node:http")).toBe("imports node:http");
    expect(pureRoomBreach(file, "../state/stateStore.js")).toBeUndefined();
  });

  it("the engine, the state, the world and what they are injected with import only each other and their libraries", () => {
    const breaches: string[] = [];
    const files = PURE_ROOMS.flatMap(filesOf);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      for (const spec of specifiers(fs.readFileSync(file, "utf8"))) {
        const breach = pureRoomBreach(file, spec);
        if (breach) breaches.push(`${path.relative(projectRoot, file)} ${breach}`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it("finds a planted cycle, and only the modules in it", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
    ]);
    expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(runtimeSpecifiers('import type { A } from "./a.js";\nimport { type B } from "./b.js";\nimport { c } from "./c.js";\nexport { d } from "./d.js";\nawait import("./e.js");')).toEqual(["./c.js", "./d.js", "./e.js"]);
  });

  it("no module of src/ loads itself through its imports (a cycle makes ESM's load order decide)", () => {
    const graph = new Map<string, string[]>();
    for (const file of fs.readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
      const from = path.join(src, file);
      graph.set(file, runtimeSpecifiers(fs.readFileSync(from, "utf8")).map((spec) => path.relative(src, path.resolve(path.dirname(from), spec)).replace(/\.js$/, ".ts")));
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph)).toEqual([]);
  });

  // The go-sdk's bytes depend on which go-sdk (profiles) and name the refusals by the one error
  // table; a session, a handler or a transport they may not reach.
  const GO_WIRE_MAY_REACH = ["goWire", "profiles"];

  it("server/goWire reaches no session, handler or transport", () => {
    const breaches: string[] = [];
    for (const file of filesOf(path.join("server", "goWire"))) {
      for (const spec of specifiers(fs.readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = path.relative(path.join(src, "server"), path.resolve(path.dirname(file), spec));
        if (!target.startsWith("..") && !GO_WIRE_MAY_REACH.some((allowed) => target === allowed || target.startsWith(`${allowed}${path.sep}`))) breaches.push(`${path.relative(projectRoot, file)} reaches src/server/${target}`);
      }
    }
    expect(breaches).toEqual([]);
  });
});

/** A file's room: its first folder under src/, or `server/<folder>` (server/ holds only rooms); a file at the top is a room of its own. */
function roomOf(fileInSrc: string): string {
  const parts = fileInSrc.split(path.sep);
  return parts[0] === "server" ? `server/${parts[1]}` : (parts[0] as string);
}

/** Which rooms each room imports from, by every import form (type-only included). */
function roomGraph(): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const file of fs.readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
    const from = roomOf(file);
    const into = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const spec of specifiers(fs.readFileSync(path.join(src, file), "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const to = roomOf(path.relative(src, path.resolve(path.dirname(path.join(src, file)), spec)));
      if (to !== from) into.add(to);
    }
  }
  return new Map([...graph].map(([room, to]) => [room, [...to].sort()]));
}

describe("the rooms depend one way", () => {
  it("no two rooms import each other, directly or around a loop (type-only imports count)", () => {
    const graph = roomGraph();
    expect(graph.get("engine")).toContain("template");
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("finds a planted loop between rooms", () => {
    const graph = roomGraph();
    graph.set("base", [...(graph.get("base") ?? []), "engine"]);
    expect(cyclesOf(graph).flat()).toEqual(expect.arrayContaining(["base", "engine", "template"]));
  });

  it("the base room imports nothing of the project", () => {
    expect(roomGraph().get("base")).toEqual([]);
  });
});

describe("ARCHITECTURE.md names every folder of src/", () => {
  const text = fs.readFileSync(path.join(projectRoot, "ARCHITECTURE.md"), "utf8");
  const folders = fs
    .readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.relative(src, path.join(d.parentPath, d.name)).split(path.sep).join("/"));

  it("finds the folders", () => {
    expect(folders).toContain("engine");
    expect(folders).toContain("server/wire");
  });

  it.each(folders)("src/%s/ is named", (folder) => {
    expect(text, `add a row for \`${folder}/\` to ARCHITECTURE.md's table of rooms`).toContain(`\`${folder}/\``);
  });
});

describe("--check has no pipeline of its own", () => {
  it("renders and checks outputs only through the stages a call runs (engine/answerStages.ts)", () => {
    const reaches: string[] = [];
    for (const file of filesOf("check")) {
      const text = fs.readFileSync(file, "utf8");
      for (const spec of specifiers(text)) if (/template\/render\.js$|engine\/validators\.js$/.test(spec)) reaches.push(`${path.basename(file)} imports ${spec}`);
      if (/\.(outputError|checkOutput)\(/.test(text)) reaches.push(`${path.basename(file)} validates an output itself`);
    }
    expect(filesOf("check").some((f) => fs.readFileSync(f, "utf8").includes("answerStages.js"))).toBe(true);
    expect(reaches).toEqual([]);
  });
});

describe("test/ mirrors src/", () => {
  // Folders of black-box suites (they drive the whole server, a spawned process or the catalog)
  // and of shared fixtures; every other folder of test/ holds the unit tests of the src/ room
  // of the same path.
  const SUITES = ["architecture", "browser", "catalog", "deploy", "docs", "fixtures", "journeys", "parity", "reliability", "service", "transports", "upstream"];
  const testRoot = path.join(projectRoot, "test");
  const folders = (root: string, under = "") =>
    fs
      .readdirSync(path.join(root, under), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(under, d.name).split(path.sep).join("/"));

  it.each(folders(testRoot).filter((f) => !SUITES.includes(f)).flatMap((f) => (f === "server" ? folders(testRoot, "server") : [f])))("test/%s/ is a room of src/", (folder) => {
    expect(fs.existsSync(path.join(src, folder)), `move test/${folder}/ under the src/ room it tests, or list it as a suite in ARCHITECTURE.md and here`).toBe(true);
  });

  it("ARCHITECTURE.md names each suite", () => {
    const text = fs.readFileSync(path.join(projectRoot, "ARCHITECTURE.md"), "utf8");
    expect(SUITES.filter((suite) => !text.includes(`\`test/${suite}/\``))).toEqual([]);
  });

  it("test/server/ holds only folders", () => {
    expect(fs.readdirSync(path.join(testRoot, "server")).filter((f) => f.endsWith(".ts"))).toEqual([]);
  });
});
