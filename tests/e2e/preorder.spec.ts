// Pre-orders at 375 and 1280 px: a pre-order from a sold-out product page, in the dialog with
// JavaScript and through the plain page without it; the order page says «Предзаказ» and the stock
// stays at 0. «Сообщить о поступлении» answers a bad address under its field.
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, watchConsole } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

/** The database of the server the browser tests talk to (scripts/e2e-server.ts). */

interface SoldOut {
  id: number;
  slug: string;
  title: string;
}

/** A published product made sold out for the test (as the warehouse would), put back afterwards. */
function soldOutProduct(offset: number) {
  const db = new Database(E2E_DB);
  db.pragma("busy_timeout = 5000");
  const p = db
    .prepare("select id, slug, title, stock from products where kind = 'product' and published = 1 and stock > 0 order by id limit 1 offset ?")
    .get(offset) as SoldOut & { stock: number };
  db.prepare("update product_variants set stock = 0 where product_id = ?").run(p.id);
  return {
    product: p as SoldOut,
    stock: () => (db.prepare("select stock from products where id = ?").get(p.id) as { stock: number }).stock,
    restore() {
      db.prepare("update product_variants set stock = ? where product_id = ?").run(p.stock, p.id);
      db.close();
    },
  };
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const w = viewport.width;

  test.describe(`pre-order at ${w} px`, () => {
    test.use({ viewport });

    test("with JavaScript: the dialog keeps what was typed after a mistake and ends on the order page", async ({ page }) => {
      const errors = watchConsole(page);
      const warehouse = soldOutProduct(w === 375 ? 40 : 41);
      try {
        const { product } = warehouse;
        await page.goto(`/product/${product.slug}/`);
        await hydrated(page);
        const block = page.getByRole("region", { name: "Цена и покупка" });
        await expect(block.getByText(/^Под заказ, \d/)).toBeVisible();
        await expect(block.getByRole("button", { name: "В корзину" })).toHaveCount(0);
        await block.getByRole("button", { name: "Оформить предзаказ" }).click();

        const dialog = page.getByRole("dialog", { name: "Оформить предзаказ" });
        await expect(dialog).toBeVisible();
        await dialog.getByLabel("Имя").fill("Вера Предзаказова");
        await dialog.getByLabel("Телефон").fill("8916");
        await dialog.getByRole("checkbox", { name: /персональных данных/ }).check();
        await dialog.getByRole("button", { name: "Оформить предзаказ" }).click();
        await expect(dialog.getByText("Укажите телефон")).toBeVisible();
        await expect(dialog.getByLabel("Имя")).toHaveValue("Вера Предзаказова");
        await expectNoSidewaysScroll(page);

        await dialog.getByLabel("Телефон").fill("89161234567");
        await dialog.getByRole("button", { name: "Оформить предзаказ" }).click();
        await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
        await expect(page.getByText("Предзаказ").first()).toBeVisible();
        await expect(page.getByText(product.title).first()).toBeVisible();
        expect(warehouse.stock()).toBe(0);
        await expectNoSidewaysScroll(page);
        // the one refused post answers 422 on purpose; anything else in the console is a fault
        expect(errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
      } finally {
        warehouse.restore();
      }
    });

    test("«Сообщить о поступлении» refuses a bad address under the field and then says where the letter went", async ({ page }) => {
      const warehouse = soldOutProduct(w === 375 ? 42 : 43);
      try {
        await page.goto(`/product/${warehouse.product.slug}/`);
        await hydrated(page);
        await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "Сообщить о поступлении" }).click();
        const dialog = page.getByRole("dialog", { name: "Сообщить о поступлении" });
        await dialog.getByLabel("E-mail").fill("vera@");
        await dialog.getByRole("checkbox", { name: /персональных данных/ }).check();
        await dialog.getByRole("button", { name: "Подписаться" }).click();
        await expect(dialog.getByText("Укажите e-mail в формате name@example.ru")).toBeVisible();
        await dialog.getByLabel("E-mail").fill(`vera.${w}.${Date.now()}@example.ru`);
        await dialog.getByRole("button", { name: "Подписаться" }).click();
        await expect(dialog.getByText(/Мы отправили письмо на vera\./)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      } finally {
        warehouse.restore();
      }
    });
  });

  test.describe(`pre-order without JavaScript at ${w} px`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("the link opens the form page; a mistake comes back with the values, then the order page says «Предзаказ»", async ({ page }) => {
      const warehouse = soldOutProduct(w === 375 ? 44 : 45);
      try {
        const { product } = warehouse;
        await page.goto(`/product/${product.slug}/`);
        await page.getByRole("region", { name: "Цена и покупка" }).getByRole("link", { name: "Оформить предзаказ" }).click();
        await expect(page).toHaveURL(new RegExp(`/preorder/${product.slug}/$`));
        await expect(page.getByRole("heading", { level: 1, name: "Оформить предзаказ" })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await page.getByLabel("Имя").fill("Пётр Безскриптов");
        await page.getByLabel("Телефон").fill("+7 (916) 765-43-21");
        await page.getByRole("button", { name: "Оформить предзаказ" }).click();
        await expect(page.getByText("Подтвердите согласие на обработку персональных данных")).toBeVisible();
        await expect(page.getByLabel("Имя")).toHaveValue("Пётр Безскриптов");
        await page.getByRole("checkbox", { name: /персональных данных/ }).check();
        await page.getByRole("button", { name: "Оформить предзаказ" }).click();
        await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
        await expect(page.getByText("Предзаказ").first()).toBeVisible();
        expect(warehouse.stock()).toBe(0);
      } finally {
        warehouse.restore();
      }
    });
  });
}
