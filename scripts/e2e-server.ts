// The server the browser tests talk to: the production build on a fresh SQLite database.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, "data/e2e");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.DATABASE_URL = path.join(dir, "vitrina.db");
// the browser tests read registration links from here (tests/e2e/support.ts)
process.env.MAIL_OUTBOX_DIR = path.join(dir, "outbox");
process.env.MEDIA_DIR ??= path.join(root, "data/test-media");
await import("../server/main.ts");
