// A server the browser tests talk to: the production build on a fresh SQLite database. Each
// Playwright worker gets one of its own (playwright.config.ts), in E2E_DATA_DIR.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// the browser tests would otherwise click through a build older than the code (see global-setup)
const { rebuildWhenStale } = await import("../tests/support/build-freshness.ts");
rebuildWhenStale(root);
const dir = path.resolve(root, process.env.E2E_DATA_DIR ?? "data/e2e/0");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.DATABASE_URL = path.join(dir, "vitrina.db");
// the browser tests read registration links from here (tests/e2e/e2e-server-data.ts)
process.env.MAIL_OUTBOX_DIR = path.join(dir, "outbox");
// a media folder of its own too (two servers seeding one folder at once would trip over each
// other), with the demo pictures the integration tests have drawn already linked in
if (!process.env.MEDIA_DIR) {
  const { linkSeedPictures } = await import("../tests/support/seed-pictures.ts");
  process.env.MEDIA_DIR = path.join(dir, "media");
  linkSeedPictures(path.join(root, "data/test-media"), process.env.MEDIA_DIR);
}
// online payment goes to a local ЮKassa stand-in (an external service this machine cannot reach),
// which posts its notifications back to this server
if (!process.env.YOOKASSA_API_URL) {
  const { startYookassaStandIn } = await import("../tests/support/yookassa-stand-in.ts");
  const port = process.env.PORT ?? "3000";
  const standIn = await startYookassaStandIn({ notificationUrl: `http://${process.env.HOST ?? "127.0.0.1"}:${port}/payments/yookassa/notify/` });
  Object.assign(process.env, { YOOKASSA_API_URL: standIn.apiUrl, YOOKASSA_SHOP_ID: standIn.shopId, YOOKASSA_SECRET_KEY: standIn.secretKey });
}
await import("../server/main.ts");
