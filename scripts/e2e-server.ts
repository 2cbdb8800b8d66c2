// The server the browser tests talk to: the production build on a fresh SQLite database.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// the browser tests would otherwise click through a build older than the code (see global-setup)
const { rebuildWhenStale } = await import("../tests/support/build-freshness.ts");
rebuildWhenStale(root);
const dir = path.join(root, "data/e2e");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.DATABASE_URL = path.join(dir, "vitrina.db");
// the browser tests read registration links from here (tests/e2e/support.ts)
process.env.MAIL_OUTBOX_DIR = path.join(dir, "outbox");
process.env.MEDIA_DIR ??= path.join(root, "data/test-media");
// online payment goes to a local ЮKassa stand-in (an external service this machine cannot reach),
// which posts its notifications back to this server
if (!process.env.YOOKASSA_API_URL) {
  const { startYookassaStandIn } = await import("../tests/support/yookassa-stand-in.ts");
  const port = process.env.PORT ?? "3000";
  const standIn = await startYookassaStandIn({ notificationUrl: `http://${process.env.HOST ?? "127.0.0.1"}:${port}/payments/yookassa/notify/` });
  Object.assign(process.env, { YOOKASSA_API_URL: standIn.apiUrl, YOOKASSA_SHOP_ID: standIn.shopId, YOOKASSA_SECRET_KEY: standIn.secretKey });
}
await import("../server/main.ts");
