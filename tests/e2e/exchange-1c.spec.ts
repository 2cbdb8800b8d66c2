// After 1C's exchange (CommerceML import.xml then offers.xml, driven over HTTP as 1C does) the
// storefront shows the new product in its section with its price, and the imported property is
// a filter there: ticking the product's value keeps it in the list and drops the other product.
// The oak chest comes with a picture under import_files/, as 1C sends them, so its card and the
// new section's tile on /catalog/ show it.
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";
import { watchConsole } from "./support.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/1c/${name}`, import.meta.url));
const PICTURE = "import_files/5b/oak-chest.jpg";

/** import.xml with a picture for the oak chest, and that picture (a real 640×480 JPEG) */
async function catalogueWithPicture(): Promise<Record<string, Buffer>> {
  const xml = fixture("import.xml").toString("utf8").replace("<Наименование>Комод Обменный дубовый</Наименование>", `$&<Картинка>${PICTURE}</Картинка>`);
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 110, b: 70 } } })
    .jpeg()
    .toBuffer();
  return { [PICTURE]: jpeg, "import.xml": Buffer.from(xml), "offers.xml": fixture("offers.xml") };
}

async function exchange(request: APIRequestContext, email: string) {
  const authorization = `Basic ${Buffer.from(`${email}:${E2E_STAFF_PASSWORD}`).toString("base64")}`;
  const lines = async (res: Awaited<ReturnType<APIRequestContext["get"]>>) => (await res.text()).split("\n");
  const [ok, name, value] = await lines(await request.get("/exchange/1c/?type=catalog&mode=checkauth", { headers: { authorization } }));
  expect(ok).toBe("success");
  const headers = { authorization, cookie: `${name}=${value}` };
  expect((await lines(await request.get("/exchange/1c/?type=catalog&mode=init", { headers })))[0]).toBe("zip=yes");
  for (const [file, bytes] of Object.entries(await catalogueWithPicture())) {
    const sent = await request.post(`/exchange/1c/?type=catalog&mode=file&filename=${file}`, { headers, data: bytes });
    expect(await sent.text()).toBe("success");
  }
  for (const file of ["import.xml", "offers.xml"]) {
    let answer: string[] = ["progress"];
    for (let step = 0; answer[0] === "progress" && step < 50; step++)
      answer = await lines(await request.get(`/exchange/1c/?type=catalog&mode=import&filename=${file}`, { headers }));
    expect(answer[0]).toBe("success");
  }
}

test("a product imported from 1C shows in its section with its price and filters by its imported property", async ({ page, request }) => {
  const errors = watchConsole(page);
  await exchange(request, await createStaff("owner"));

  await page.goto("/catalog/");
  const tile = page.locator(".section-grid__item", { hasText: "Мебель из 1С" });
  await expect(tile.locator("img")).toHaveCount(1);
  await page.getByRole("link", { name: "Мебель из 1С" }).first().click();
  await page.getByRole("link", { name: "Комоды из 1С" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Комоды из 1С" })).toBeVisible();
  const oak = page.locator(".product-card", { hasText: "Комод Обменный дубовый" });
  await expect(oak).toBeVisible();
  await expect(oak).toContainText(/24\s990/);
  await expect.poll(() => oak.locator("img").evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator(".product-card", { hasText: "Комод Обменный белый" })).toBeVisible();

  const material = page.getByRole("group", { name: "Материал фасада" });
  await material.getByRole("checkbox", { name: "Массив дуба", exact: true }).check();
  await expect(page).toHaveURL(/[?&]material_fasada=/);
  await expect(page.locator(".product-card", { hasText: "Комод Обменный белый" })).toHaveCount(0);
  await expect(oak).toBeVisible();
  await expect(oak).toContainText(/24\s990/);
  expect(errors).toEqual([]);
});
