// The demo pictures take the seed a while to draw (app/db/seed/images.ts). Test servers that need
// a media folder of their own link in the pictures another one has drawn already, so the seed
// finds them and draws nothing; uploads stay each folder's own.
import fs from "node:fs";
import path from "node:path";

/** Links every drawn picture under `from` into `to` (made if missing); uploads are left out. */
export function linkSeedPictures(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) linkSeedPictures(source, path.join(to, entry.name));
    // uploads of other tests stay theirs: only the seed's pictures are shared
    else if (entry.isFile() && !/^[uv][0-9a-f]{32}/.test(entry.name)) fs.symlinkSync(source, path.join(to, entry.name));
  }
}
