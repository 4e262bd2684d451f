// Tool and world files are read through this only: a symbolic link is refused even if one
// replaced the file between its lstat and its read, so no link can point a read outside the catalog.
import fs from "node:fs";

/** The file's text; throws ELOOP for a symbolic link, as for any other unreadable file. */
export function readNoFollow(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    return fs.readFileSync(fd, "utf8");
  } finally {
    fs.closeSync(fd);
  }
}
