// What the benchmark and soak scripts share: starting the server as `npm run serve` does, waiting
// for it, and giving each load connection a cart session of its own.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The production server exactly as `npm run serve` starts it (its memory flags are what the RSS
 * figures are about), exec'd by the shell so that the child's pid is the server's own.
 */
export function startServe(root: string, env: NodeJS.ProcessEnv): ChildProcess {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const serve = pkg.scripts.serve!.replace(/(^|\s)node\s/, "$1exec node ");
  return spawn("sh", ["-c", serve], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
}

/** Waits until `base` answers /healthz with 200; a fresh demo shop seeds itself first. */
export async function waitUntilHealthy(base: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      if (Date.now() > until) throw new Error(`the server at ${base} did not start`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One session per connection: each first add-to-cart creates one; returns their cookies. */
export async function cartSessions(base: string, productIds: number[], count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let c = 0; c < count; c++) {
    const res = await fetch(`${base}/cart/product/`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ id: productIds[c % productIds.length], cnt: 1, type: "product" }),
    });
    cookies.push((res.headers.get("set-cookie") ?? "").split(";")[0]!);
  }
  return cookies;
}
