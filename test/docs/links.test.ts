// Every relative link of the README, the top-level documents, docs/ and the parity notes resolves,
// fragment included: a page moved or a heading renamed fails here, not in a reader's browser.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../reliability/spawnServer.js";
import { anchorsOf, checkLinks, slug } from "./links.js";

const topLevel = ["README.md", "ARCHITECTURE.md", "BUILD.md", "SOURCE.md", "FIXTURES.md", "bench/README.md", "test/parity/allowed-differences.md", "parity/upgrade-v1.8.0.md"].filter((f) => fs.existsSync(path.join(projectRoot, f)));
const pagesIn = (dir: string) =>
  fs
    .readdirSync(path.join(projectRoot, dir))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => path.join(dir, f));
const docs = [...pagesIn("docs"), ...pagesIn("parity/profiles"), ...pagesIn("parity/twin/versions")];

describe("links in the documentation", () => {
  it.each([...topLevel, ...docs])("%s: every relative link and anchor resolves", (file) => {
    expect(checkLinks(projectRoot, [file])).toEqual([]);
  });
});

describe("the link check itself", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-links-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, "docs"));
  fs.writeFileSync(
    path.join(dir, "docs", "a.md"),
    "# Page A\n\n## Match rules (in `json match`)\n\n## Twice\n\n## Twice\n\n<a id=\"explicit\"></a>\n\n```md\n## Not a heading\n[not a link](missing.md)\n```\n",
  );
  const plant = (text: string) => {
    fs.writeFileSync(path.join(dir, "README.md"), text);
    return checkLinks(dir, ["README.md"]).map((p) => `${p.line}: ${p.reason}`);
  };

  it("slugs headings as GitHub does", () => {
    expect(slug("Match rules (in `json match`)")).toBe("match-rules-in-json-match");
    expect(slug("Placeholders (in `json response` and `json error`)")).toBe("placeholders-in-json-response-and-json-error");
    expect(slug("`record`: recording a session")).toBe("record-recording-a-session");
    expect(slug("Whose state: across reconnects")).toBe("whose-state-across-reconnects");
    expect([...anchorsOf(fs.readFileSync(path.join(dir, "docs", "a.md"), "utf8"))]).toEqual(["page-a", "match-rules-in-json-match", "twice", "twice-1", "explicit"]);
  });

  it("passes links that resolve", () => {
    expect(plant("[a](docs/a.md) [b](docs/a.md#twice-1) [c](docs/a.md#explicit) [d](docs/) [e](#top)\n\n# Top\n[web](https://example.com/x.md)\n")).toEqual([]);
  });

  it("fails a missing file, a missing heading, a link out of the repository", () => {
    expect(plant("# R\n\n[gone](docs/gone.md)\n[anchor](docs/a.md#not-a-heading)\n[here](#nowhere)\n[out](../elsewhere.md)\n")).toEqual([
      "3: docs/gone.md does not exist",
      "4: docs/a.md has no heading #not-a-heading",
      "5: README.md has no heading #nowhere",
      "6: points outside the repository",
    ]);
  });

  it("does not read links or headings inside code", () => {
    expect(plant("# R\n\n`[x](gone.md)`\n\n````markdown\n[y](gone.md)\n```\n[z](gone.md)\n```\n````\n\n[fenced heading](docs/a.md#not-a-heading)\n")).toEqual([
      "12: docs/a.md has no heading #not-a-heading",
    ]);
  });
});
