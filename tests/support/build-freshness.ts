// Integration and browser tests drive the production build (build/server/index.js), so a build
// older than the code would test yesterday's shop and pass. This finds the newest source file the
// build is made from and says whether the build predates it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** what `npm run build` reads: the app, the server it bundles, static files and the build's own settings */
const SOURCE_DIRS = ["app", "server", "public"];
const SOURCE_FILES = ["react-router.config.ts", "vite.config.ts", "scripts/build-sprite.ts", "package-lock.json"];
/** tests sit beside their code but are not built */
const NOT_BUILT = /\.test\.tsx?$/;

function newestIn(dir: string): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  if (!fs.existsSync(dir)) return null;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || NOT_BUILT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = fs.statSync(file);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/**
 * Why the build in `root` cannot be tested (missing, or older than a named source file), or null
 * when it is at least as new as every source file.
 */
export function staleBuildReason(root: string): string | null {
  const built = path.join(root, "build/server/index.js");
  if (!fs.existsSync(built)) return "build/server/index.js is missing: run `npm run build` first";
  const builtAt = fs.statSync(built).mtimeMs;
  const candidates = [
    ...SOURCE_DIRS.map((d) => newestIn(path.join(root, d))),
    ...SOURCE_FILES.map((f) => path.join(root, f)).map((file) => (fs.existsSync(file) ? { file, mtimeMs: fs.statSync(file).mtimeMs } : null)),
  ];
  const newest = candidates.reduce((a, b) => (b && (!a || b.mtimeMs > a.mtimeMs) ? b : a), null);
  if (newest && newest.mtimeMs > builtAt) {
    return `build/server/index.js is older than ${path.relative(root, newest.file)}: the tests would run stale code. Run \`npm run build\` first`;
  }
  return null;
}

/** whether process `pid` is still running */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Holds a lock on building `root` while `work` runs: the browser tests start one server per worker,
 * and each checks the build at once; two builds writing build/ together would break both. A lock
 * left by a process that died is taken over.
 */
function withBuildLock(root: string, work: () => void): void {
  const lock = path.join(root, "node_modules/.cache/vitrina-build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let holder: number;
      try {
        holder = Number(fs.readFileSync(lock, "utf8"));
      } catch {
        continue; // released between the two calls
      }
      if (holder && !alive(holder)) fs.rmSync(lock, { force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Runs `npm run build` in `root` when its build is missing or older than the source. */
export function rebuildWhenStale(root: string): void {
  if (!staleBuildReason(root)) return;
  withBuildLock(root, () => {
    // another process may have built it while this one waited for the lock
    const reason = staleBuildReason(root);
    if (!reason) return;
    console.log(`${reason}: building now`);
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build: the
    // production build is what the shop serves, so it is what the tests get
    const env = { ...process.env, NODE_ENV: "production" };
    const res = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit", env });
    if (res.status !== 0) throw new Error(`npm run build failed (exit ${res.status ?? res.signal}): the tests need a build of the current source`);
  });
}
