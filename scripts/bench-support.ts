// What the benchmark and soak scripts share: waiting for a server they started, and giving each
// load connection a cart session of its own.

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
