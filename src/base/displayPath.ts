import path from "node:path";

/** Paths in messages: relative to the working directory when inside it, so `file:line` is clickable. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
