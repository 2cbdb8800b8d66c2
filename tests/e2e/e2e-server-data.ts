// Where the server a browser test talks to keeps its data. Each Playwright worker has a server of
// its own (playwright.config.ts): the worker's parallel index picks its port and its folder under
// data/e2e/, so two workers never share a database, a mail outbox or a media folder.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** 0 … workers − 1; Playwright sets it in each worker process (0 outside Playwright) */
export const E2E_SERVER_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

const e2eDataDir = (index: number) => path.join(root, "data/e2e", String(index));

const dir = e2eDataDir(E2E_SERVER_INDEX);
/** DATABASE_URL of this worker's server */
export const E2E_DB = path.join(dir, "vitrina.db");
/** MAIL_OUTBOX_DIR of this worker's server */
export const E2E_OUTBOX = path.join(dir, "outbox");
