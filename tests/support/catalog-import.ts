// «Импорт» as a content manager drives it over HTTP: upload a CSV, follow the page while the
// preview is planned in the background (decision 098), press «Применить».
import { expect } from "vitest";
import type { Visitor } from "./accounts-client.ts";

/** the page of an upload's session says this while its preview is being planned */
const PLANNING = "разбирается";

export function importDesk(content: () => Visitor) {
  const upload = (bytes: Uint8Array | string) => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new Blob([bytes as BlobPart], { type: "text/csv" }), "catalog.csv");
    return content().request("/admin/import/", { method: "POST", body: form, headers: { accept: "text/html" } });
  };
  /** asks the session's page until the preview is planned; returns that page */
  const previewed = async (location: string, timeout = 120_000) => {
    let page = "";
    await expect
      .poll(
        async () => {
          page = await (await content().get(location)).text();
          return page.includes(PLANNING);
        },
        { timeout, interval: 50 },
      )
      .toBe(false);
    return page;
  };
  return {
    upload,
    previewed,
    /** upload, then follow the redirect until the preview is built: its session, address and page */
    async preview(bytes: Uint8Array | string) {
      const res = await upload(bytes);
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      const page = await previewed(location);
      return { session: new URL(location, "http://x").searchParams.get("session")!, location, page };
    },
    apply: (session: string) => content().post(`/admin/import/?session=${session}`, { intent: "apply", session }),
  };
}
