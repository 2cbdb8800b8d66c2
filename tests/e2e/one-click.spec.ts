// «Купить в 1 клик» at 375 and 1280 px: from the product page in a dialog with
// JavaScript and through the plain page without it, and from the cart; each ends with the order
// number, the stock reserved, and (for staff) the order marked «1 клик» in the back office.
import Database from "better-sqlite3";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PHONE_FORMAT_MESSAGE } from "../../app/lib/phone.ts";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, staffLogIn } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

type Product = { id: number; slug: string; title: string };

/** Buyable products with plenty of stock, read from the e2e server's database. */
function buyableProducts(count: number): Product[] {
  const db = new Database(E2E_DB, { readonly: true });
  try {
    return db
      .prepare("select id, slug, title from products where kind = 'product' and published = 1 and stock >= 20 order by id limit ?")
      .all(count) as Product[];
  } finally {
    db.close();
  }
}

function stockOf(id: number): number {
  const db = new Database(E2E_DB, { readonly: true });
  try {
    return (db.prepare("select stock from products where id = ?").get(id) as { stock: number }).stock;
  } finally {
    db.close();
  }
}

const oneClick = (page: Page) => page.getByRole("button", { name: "Купить в 1 клик", exact: true });

async function fillBuyer(scope: Page | ReturnType<Page["getByRole"]>, phone: string) {
  await scope.getByLabel("Имя").fill("Анна Быстрова");
  await scope.getByLabel("Телефон").fill(phone);
  await scope.getByRole("checkbox", { name: /персональных данных/ }).check();
}

async function noJsPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, locale: "ru-RU" });
  return { context, page: await context.newPage() };
}

for (const [i, viewport] of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
].entries()) {
  const w = viewport.width;

  test.describe(`at ${w} px`, () => {
    test.use({ viewport });

    test("from the product page with JavaScript: the dialog shows the order number and staff see «1 клик»", async ({ page }) => {
      const product = buyableProducts(6)[i * 3]!;
      const before = stockOf(product.id);
      await page.goto(`/product/${product.slug}/`);
      await hydrated(page);
      await oneClick(page).click();
      const dialog = page.getByRole("dialog", { name: "Купить в 1 клик" });
      await expect(dialog).toBeVisible();
      // bad input first: the shared schema answers under the field, nothing is sent
      await dialog.getByRole("button", { name: "Оформить заказ" }).click();
      await expect(dialog.getByText("Укажите имя", { exact: true })).toBeVisible();
      await fillBuyer(dialog, `916700${w}1`.slice(0, 10));
      await expectNoSidewaysScroll(page);
      await dialog.getByRole("button", { name: "Оформить заказ" }).click();
      const placed = page.getByRole("dialog", { name: "Заказ оформлен" });
      await expect(placed).toBeVisible();
      const number = (await placed.getByTestId("one-click-number").innerText()).trim();
      expect(number).toMatch(/^\d{2}-\d{6}$/);
      expect(stockOf(product.id)).toBe(before - 1);
      await expectNoSeriousA11yViolations(page);

      await placed.getByRole("link", { name: "Открыть заказ" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Заказ № ${number}`);
      await expect(page.getByText("Уточнить у менеджера")).toBeVisible();

      const manager = await createStaff("manager");
      await staffLogIn(page, manager, E2E_STAFF_PASSWORD, `/admin/orders/?q=${number}`);
      const row = page.getByRole("row").filter({ hasText: number });
      await expect(row).toContainText("1 клик");
      await expect(row).toContainText("Уточнить у менеджера");
    });

    test("from the product page without JavaScript: the plain page, a field error, then the order page", async ({ browser }) => {
      const product = buyableProducts(6)[i * 3 + 1]!;
      const before = stockOf(product.id);
      const { context, page } = await noJsPage(browser, viewport);
      try {
        await page.goto(`/product/${product.slug}/`);
        await oneClick(page).click();
        await expect(page).toHaveURL(/\/buy\/one-click\/\?product=/);
        await expect(page.getByRole("heading", { level: 1, name: "Купить в 1 клик" })).toBeVisible();
        // what is ordered, above the form
        await expect(page.getByRole("region", { name: "Что вы заказываете" })).toContainText(`${product.title} × 1`);
        await expectNoSidewaysScroll(page);
        await fillBuyer(page, "+44 20 7946 0958");
        await page.getByRole("button", { name: "Оформить заказ" }).click();
        // 422: the message under the phone, what was typed kept
        await expect(page.getByText(PHONE_FORMAT_MESSAGE)).toBeVisible();
        await expect(page.getByLabel("Имя")).toHaveValue("Анна Быстрова");
        await expect(page.getByLabel("Телефон")).toHaveValue("+44 20 7946 0958");
        expect(stockOf(product.id)).toBe(before);

        await page.getByLabel("Телефон").fill(`8 916 700-${w === 375 ? "37-52" : "12-82"}`);
        await page.getByRole("checkbox", { name: /персональных данных/ }).check();
        await page.getByRole("button", { name: "Оформить заказ" }).click();
        await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(/Спасибо! Заказ №\s\d{2}-\d{6} оформлен/);
        expect(stockOf(product.id)).toBe(before - 1);
      } finally {
        await context.close();
      }
    });

    test("from the cart: the available lines become the order and leave the cart", async ({ page }) => {
      const product = buyableProducts(6)[i * 3 + 2]!;
      const before = stockOf(product.id);
      await page.goto(`/product/${product.slug}/`);
      await hydrated(page);
      await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
      // the header's cart says one item once the cart has it
      await expect(page.getByRole("link", { name: /^Корзина .+, 1 товар$/ })).toBeVisible();
      await page.goto("/cart/");
      await hydrated(page);
      await expect(page.getByRole("link", { name: product.title, exact: true })).toBeVisible();
      await oneClick(page).click();
      const dialog = page.getByRole("dialog", { name: "Купить в 1 клик" });
      await fillBuyer(dialog, `916800${w}2`.slice(0, 10));
      await dialog.getByRole("button", { name: "Оформить заказ" }).click();
      const placed = page.getByRole("dialog", { name: "Заказ оформлен" });
      await expect(placed.getByTestId("one-click-number")).toHaveText(/^\d{2}-\d{6}$/);
      expect(stockOf(product.id)).toBe(before - 1);
      await page.keyboard.press("Escape");
      await page.reload();
      await expect(page.getByRole("link", { name: product.title, exact: true })).toHaveCount(0);
    });
  });
}
