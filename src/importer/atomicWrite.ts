// Every file import and record write goes through here: a hidden temp file beside the target
// (the catalog never reads hidden files), then a rename, so a server watching the folder sees
// the old file or the new one, never half of one. Refuses any target outside the catalog.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function writeInsideCatalog(toolsDir: string, file: string, text: string): void {
  const root = path.resolve(toolsDir);
  const target = path.resolve(file);
  const relative = path.relative(root, target);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new Error(`refusing to write ${target}: it is outside the tools directory ${root}`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    fs.writeFileSync(temp, text, { flag: "wx" });
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}
