// The CSV flow at 1280 and 768 px: a content manager uploads a CSV changing three prices
// at «Импорт», sees the preview with before → after, presses «Применить», and the storefront's
// product pages show the new prices.
import { expect, test } from "@playwright/test";
import { openDatabase } from "../../app/db/database.server.ts";
import { formatRoubles } from "../../app/features/catalog-csv/catalog-csv.ts";
import { csvLine } from "../../app/lib/csv.ts";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, staffLogIn, watchConsole } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

const WIDTHS = [1280, 768] as const;

/** three published plain products, different for each width so the runs do not meet */
async function threeProducts(offset: number) {
  const db = openDatabase(E2E_DB);
  try {
    return await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.slug", "products.title", "sections.slug as section", "products.price"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .orderBy("products.id")
      .offset(offset)
      .limit(3)
      .execute();
  } finally {
    await db.close();
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a CSV changing three prices: preview with before → after, «Применить», new prices on the product pages", async ({ page }) => {
      const errors = watchConsole(page);
      const products = await threeProducts(width === 1280 ? 10 : 20);
      // new prices with kopecks, written as Excel in Russia writes them
      const changes = products.map((p, i) => ({
        ...p,
        roubles: `${4321 + i},50`,
        shown: new RegExp(`${4321 + i},50\\s₽`.replace(/(\d)(\d{3}),/, "$1\\s$2,")),
      }));
      const csv =
        "\uFEFF" +
        csvLine(["slug", "title", "section", "price", "old_price"]) +
        changes.map((p) => csvLine([p.slug, p.title, p.section, p.roubles, ""])).join("");

      await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, "/admin/import/");
      await expect(page.getByRole("heading", { level: 1, name: "Импорт" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Скачать CSV" })).toHaveAttribute("href", "/admin/import/catalog.csv");
      await page.getByLabel("Файл CSV").setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf-8") });
      await page.getByRole("button", { name: "Показать изменения" }).click();

      await expect(page.getByRole("status")).toContainText("Создать: 0, изменить: 3, без изменений: 0, с ошибками: 0");
      const table = page.getByRole("table");
      for (const p of changes) {
        const row = table.getByRole("row").filter({ hasText: p.slug });
        await expect(row).toContainText(`Цена: ${formatRoubles(p.price)} ₽ → ${p.roubles} ₽`);
      }
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      await page.getByRole("button", { name: "Применить" }).click();
      await expect(page.getByRole("status")).toHaveText("Применено: создано 0, изменено 3, без изменений 0.");
      await expectNoSidewaysScroll(page);

      for (const p of changes) {
        await page.goto(`/product/${p.slug}/`);
        await expect(page.getByTestId("product-price")).toHaveText(p.shown);
      }
      expect(errors).toEqual([]);
    });
  });
}

// A damaged UTF-8 file is refused with its line, and a good one shows its first titles as they
// will read before «Применить» (decision 098), on a phone and on a desktop.
for (const width of [375, 1280] as const) {
  test.describe(`encoding at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a UTF-8 file with one bad byte is refused with its line; a good file shows how its titles read", async ({ page }) => {
      const errors = watchConsole(page);
      const [p] = await threeProducts(width === 1280 ? 30 : 40);
      const header = csvLine(["slug", "title", "section", "price"]);
      const good = Buffer.from(header + csvLine([`novyy-stol-${width}`, "Стол «Ёлка» дубовый", p!.section, "5000"]), "utf-8");
      // «Стол» with its «т» cut to a lone lead byte
      const damaged = Buffer.from(good);
      damaged[Buffer.byteLength(header + `novyy-stol-${width};С`)] = 0x20;

      await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, "/admin/import/");
      await hydrated(page);
      await page.getByLabel("Файл CSV").setInputFiles({ name: "damaged.csv", mimeType: "text/csv", buffer: damaged });
      await page.getByRole("button", { name: "Показать изменения" }).click();
      await expect(page.getByRole("alert")).toContainText("в строке 2 есть байты не из UTF-8");
      await expectNoSidewaysScroll(page);

      await page.getByLabel("Файл CSV").setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: good });
      await page.getByRole("button", { name: "Показать изменения" }).click();
      await expect(page.getByRole("status")).toContainText("Создать: 1, изменить: 0, без изменений: 0, с ошибками: 0");
      await expect(page.getByRole("list", { name: "Первые названия из файла" })).toHaveText("«Стол «Ёлка» дубовый»");
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      // the refused upload's 400 is the one resource error the browser reports
      expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    });
  });
}
