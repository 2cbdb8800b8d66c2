// Cart stock and orders at 375 and 1280 px: a cart line whose goods sold out meanwhile , the checkout's
// answer at its button (items 2 and 3), the sticky «Оформить заказ» bar on phones (item 13) and the
// order page's status timeline without a second «Спасибо» (item 14).
import Database from "better-sqlite3";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

/** The database of the server the browser tests talk to (scripts/e2e-server.ts). */

/**
 * Stock changes made behind the shop's back, as another buyer or the warehouse would, put back
 * afterwards so later tests find the catalogue as seeded.
 */
function warehouse() {
  const db = new Database(E2E_DB);
  db.pragma("busy_timeout = 5000");
  const saved = new Map<number, number>();
  return {
    setStock(id: number, stock: number) {
      if (!saved.has(id)) saved.set(id, (db.prepare("select stock from products where id = ?").get(id) as { stock: number }).stock);
      db.prepare("update product_variants set stock = ? where product_id = ?").run(stock, id);
    },
    addStatus(orderNumber: string, status: string, note: string, at: number) {
      const order = db.prepare("select id from orders where number = ?").get(orderNumber) as { id: number };
      db.prepare("update orders set status = ? where id = ?").run(status, order.id);
      db.prepare("insert into order_status_history (order_id, status, note, created_at) values (?, ?, ?, ?)").run(order.id, status, note, at);
    },
    restore() {
      for (const [id, stock] of saved) db.prepare("update product_variants set stock = ? where product_id = ?").run(stock, id);
      db.close();
    },
  };
}

// (the checkout's breadcrumbs have a plain «Корзина» link too)
const headerCart = (page: Page) => page.getByRole("link", { name: /^Корзина .+, \d/ });

/** Puts the n-th buyable product of the sofa listing into the cart; returns its title. */
async function addFromListing(page: Page, n: number, js = true): Promise<string> {
  await page.goto("/catalog/divany-i-kresla/");
  if (js) await hydrated(page);
  const card = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: "В корзину" }) })
    .nth(n);
  const title = (await card.locator(".product-card__title").innerText()).trim();
  const before = await headerCart(page).getAttribute("aria-label");
  await card.getByRole("button", { name: "В корзину" }).click();
  await expect(headerCart(page)).not.toHaveAttribute("aria-label", before ?? "");
  return title;
}

const cartLine = (page: Page, title: string) => page.locator(".cart-line").filter({ has: page.getByRole("link", { name: title, exact: true }) });
const productIdOf = async (line: Locator) => Number(await line.locator('.cart-line__qty input[name="id"]').inputValue());

async function fillCheckout(page: Page) {
  await page.getByLabel("Имя").fill("Вера");
  await page.getByLabel("Телефон").fill("89161234567");
  await page.getByRole("radio", { name: "Доставка курьером" }).check();
  await page.getByLabel("Адрес доставки").fill("Москва, ул. Лесная, д. 5, кв. 12");
  await page.getByRole("checkbox", { name: /персональных данных/ }).check();
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  const w = viewport.width;

  test.describe(`at ${w} px`, () => {
    test.use({ viewport });

    test("a sold-out cart line is marked, left out of the totals and removable; the header agrees after reload", async ({ page }) => {
      const stock = warehouse();
      try {
        const gone = await addFromListing(page, 0);
        const kept = await addFromListing(page, 1);
        await page.goto("/cart/");
        stock.setStock(await productIdOf(cartLine(page, gone)), 0);
        await page.reload();
        await hydrated(page);

        const line = cartLine(page, gone);
        await expect(line.getByText("Нет в наличии", { exact: true })).toBeVisible();
        await expect(line).toContainText("раскупили");
        await expect(line).toContainText("не входит в итог");
        const keptSum = /\d[\d\s]*₽/.exec((await cartLine(page, kept).locator(".cart-line__total").textContent()) ?? "")![0];
        await expect(page.getByTestId("cart-sum")).toHaveText(keptSum);
        await expect(page.getByTestId("cart-count")).toHaveText(/^1\sтовар$/);
        await expect(page.getByTestId("cart-blocked")).toHaveText(/^Не входит в итог: 1\sпозиция с пометкой выше/);
        await expect(headerCart(page)).toHaveAccessibleName(new RegExp(`^Корзина ${keptSum.replace(/\s/g, "\\s")}, 1\\sтовар$`));
        await page.screenshot({ path: `test-results/screens/cart-sold-out-${w}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);
        await expectNoSidewaysScroll(page);

        await line.getByRole("button", { name: "Удалить" }).click();
        await expect(line).toHaveAttribute("data-deleted", "true");
        await expect(page.getByTestId("cart-sum")).toHaveText(keptSum);
        // the server took the removal: a reload does not bring the line back
        await page.reload();
        await expect(page.getByRole("link", { name: gone, exact: true })).toHaveCount(0);
        await expect(page.getByTestId("cart-sum")).toHaveText(keptSum);
        await expect(headerCart(page)).toHaveAccessibleName(new RegExp(`^Корзина ${keptSum.replace(/\s/g, "\\s")}, 1\\sтовар$`));
      } finally {
        stock.restore();
      }
    });

    test("a line the stock covers only in part says how many are left and counts again once lowered", async ({ page }) => {
      const stock = warehouse();
      try {
        const title = await addFromListing(page, 2);
        await page.goto("/cart/");
        const line = cartLine(page, title);
        const id = await productIdOf(line);
        stock.setStock(id, 10);
        await page.reload();
        await hydrated(page);
        await line.getByRole("button", { name: "Увеличить" }).click();
        await line.getByRole("button", { name: "Увеличить" }).click();
        await expect(headerCart(page)).toHaveAccessibleName(/, 3\sтовара$/);
        stock.setStock(id, 2);
        await page.reload();
        await hydrated(page);
        await expect(line.getByText("Осталось 2 шт.", { exact: true })).toBeVisible();
        await expect(line.getByRole("textbox", { name: "Количество" })).toHaveValue("3");
        await expect(page.getByTestId("cart-count")).toHaveText(/^0\sтоваров$/);
        await expect(headerCart(page)).toHaveAccessibleName(/, 0\sтоваров$/);

        await line.getByRole("button", { name: "Уменьшить" }).click();
        await expect(line.getByText("Осталось 2 шт.", { exact: true })).toBeHidden();
        await expect(page.getByTestId("cart-count")).toHaveText(/^2\sтовара$/);
        await expect(headerCart(page)).toHaveAccessibleName(/, 2\sтовара$/);
        await page.reload();
        await expect(page.getByTestId("cart-count")).toHaveText(/^2\sтовара$/);
        await expect(line.getByRole("textbox", { name: "Количество" })).toHaveValue("2");
      } finally {
        stock.restore();
      }
    });

    test("checkout: errors are summed up at the button, the first field gets the focus, a corrected field clears at once", async ({ page }) => {
      await addFromListing(page, 0);
      await page.goto("/checkout/");
      await hydrated(page);
      await page.getByRole("checkbox", { name: /персональных данных/ }).check();
      const submit = page.getByRole("button", { name: "Оформить заказ" });
      await submit.click();

      const summary = page.getByRole("alert").filter({ hasText: "Заказ не оформлен" });
      await expect(summary).toBeVisible();
      await expect(summary.getByRole("link", { name: "Телефон" })).toBeVisible();
      await expect(page.getByLabel("Имя")).toBeFocused();
      const phoneError = page.getByText("Укажите телефон в формате +7 (XXX) XXX-XX-XX", { exact: true });
      await expect(phoneError).toBeVisible();
      await page.screenshot({ path: `test-results/screens/checkout-errors-${w}.png` });

      // the summary sits right above the button
      const [box, button] = [await summary.boundingBox(), await submit.boundingBox()];
      expect(button!.y - (box!.y + box!.height)).toBeLessThan(48);
      expect(button!.y - (box!.y + box!.height)).toBeGreaterThanOrEqual(0);

      // a valid phone clears its error while typing, without another submit
      await page.getByLabel("Телефон").fill("89161234567");
      await expect(phoneError).toBeHidden();
      await expect(summary.getByRole("link", { name: "Телефон" })).toBeHidden();
      // a link in the summary takes the focus to its field
      await summary.getByRole("link", { name: "Имя" }).click();
      await expect(page.getByLabel("Имя")).toBeFocused();
      await expectNoSeriousA11yViolations(page);
    });

    test("checkout: an error only the server finds moves the focus to its field and shows at the button", async ({ page }) => {
      await addFromListing(page, 0);
      await page.goto("/checkout/");
      await hydrated(page);
      await fillCheckout(page);
      // the browser leaves the date to the server's clock
      await page.getByLabel("Дата доставки или самовывоза").fill("2099-01-01");
      await page.getByRole("button", { name: "Оформить заказ" }).click();
      const date = page.getByLabel("Дата доставки или самовывоза");
      await expect(date).toBeFocused();
      await expect(date).toBeInViewport();
      const summary = page.getByRole("alert").filter({ hasText: "Заказ не оформлен" });
      await expect(summary.getByRole("link", { name: "Дата" })).toBeVisible();
      await expect(page.getByLabel("Имя")).toHaveValue("Вера");
    });

    test("checkout refused for a line that sold out meanwhile: the summary at the button names it and takes the focus", async ({ page }) => {
      const stock = warehouse();
      try {
        const title = await addFromListing(page, 0);
        await page.goto("/cart/");
        const id = await productIdOf(cartLine(page, title));
        await page.goto("/checkout/");
        await hydrated(page);
        await fillCheckout(page);
        stock.setStock(id, 0);
        await page.getByRole("button", { name: "Оформить заказ" }).click();

        const summary = page.getByTestId("checkout-error-summary");
        await expect(summary).toContainText(`«${title}» — нет в наличии`);
        await expect(page.getByText(`«${title}» — нет в наличии`)).toHaveCount(1);
        await expect(summary).toBeFocused();
        await expect(summary).toBeInViewport();
        await expect(page).toHaveURL(/\/checkout\/$/);
        // the header and the order summary stop counting the line at once
        await expect(headerCart(page)).toHaveAccessibleName(/, 0\sтоваров$/);
        const order = page.getByRole("complementary", { name: "Ваш заказ" });
        await expect(order).toContainText(/Товары \(0\sтоваров\)/);
        await expect(order).not.toContainText(title);
        await page.screenshot({ path: `test-results/screens/checkout-sold-out-${w}.png` });
        await expectNoSeriousA11yViolations(page);
        await summary.getByRole("link", { name: "Изменить корзину" }).click();
        await expect(page).toHaveURL(/\/cart\/$/);
        await expect(cartLine(page, title).getByText("Нет в наличии", { exact: true })).toBeVisible();
      } finally {
        stock.restore();
      }
    });

    test("order page: the status and its timeline; «Спасибо» only right after the checkout", async ({ page }) => {
      const stock = warehouse();
      try {
        await addFromListing(page, 3);
        await page.goto("/checkout/");
        await hydrated(page);
        await page.getByLabel("Имя").fill("Вера");
        await page.getByLabel("Телефон").fill("89161234567");
        await page.getByRole("radio", { name: "Самовывоз" }).check();
        await page.getByLabel("Пункт самовывоза").selectOption({ index: 1 });
        await page.getByRole("checkbox", { name: /персональных данных/ }).check();
        await page.getByRole("button", { name: "Оформить заказ" }).click();
        await expect(page).toHaveURL(/\/order\/\d{2}-\d{6}\/$/);
        const number = /(\d{2}-\d{6})/.exec(page.url())![1]!;

        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Спасибо! Заказ № ${number} оформлен`);
        await expect(page.getByRole("heading", { name: "Статус: Новый" })).toBeVisible();
        const timeline = page.getByRole("list", { name: "История заказа" });
        await expect(timeline.getByRole("listitem")).toHaveCount(1);
        await expect(page.locator("main")).toContainText("шоурум");
        await expect(page.locator("main")).not.toContainText(/доставк/i);

        await page.reload();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Заказ № ${number}`);
        await expect(page.getByText("Спасибо")).toHaveCount(0);

        // the back office moves the order on
        const t = Date.now();
        stock.addStatus(number, "confirmed", "Позвонили, подтвердили время", t + 60_000);
        stock.addStatus(number, "assembled", "", t + 120_000);
        await page.reload();
        await expect(page.getByRole("heading", { name: "Статус: Собран" })).toBeVisible();
        await expect(page.getByText("Заказ готов к выдаче: приходите в шоурум с номером заказа.")).toBeVisible();
        await expect(timeline.getByRole("listitem")).toHaveText([
          /^Новый\s*\d{1,2} [а-я]+ \d{4}, \d\d:\d\d$/,
          /^Подтверждён.*Позвонили, подтвердили время$/,
          /^Собран/,
        ]);
        await expect(timeline.getByRole("listitem").last()).toHaveAttribute("aria-current", "step");
        await expect(page.locator("main")).not.toContainText(/доставк/i);
        await page.screenshot({ path: `test-results/screens/order-timeline-${w}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);
        await expectNoSidewaysScroll(page);
      } finally {
        stock.restore();
      }
    });
  });
}

test.describe("sticky «Оформить заказ» on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("stays at the bottom of the screen over the cart, then settles under the totals, below «Наверх» and the menu", async ({ page }) => {
    for (const n of [0, 1, 2]) await addFromListing(page, n);
    await page.goto("/cart/");
    await hydrated(page);
    const bar = page.locator(".cart__checkout-bar");
    const button = bar.getByRole("button", { name: "Оформить заказ" });
    await expect(page.getByRole("button", { name: "Оформить заказ" })).toHaveCount(1);

    // at the top of the cart the totals are below the fold, the button is at the bottom of the
    // screen, right above the phone tab bar
    await expect(page.getByTestId("cart-sum")).not.toBeInViewport();
    const top = (await bar.boundingBox())!;
    const tabs = (await page.getByRole("navigation", { name: "Быстрые ссылки" }).boundingBox())!;
    expect(Math.round(tabs.y + tabs.height)).toBe(812);
    expect(Math.round(top.y + top.height)).toBe(Math.round(tabs.y));
    await expect(bar).toContainText(await page.getByTestId("cart-sum").innerText());
    await page.screenshot({ path: "test-results/screens/cart-sticky-bar-375.png" });

    // «Наверх» rises above the bar instead of covering the button
    await page.mouse.wheel(0, 700);
    const up = page.getByRole("button", { name: "Наверх" });
    await expect(up).toBeVisible();
    const [upBox, barBox] = [(await up.boundingBox())!, (await bar.boundingBox())!];
    expect(upBox.y + upBox.height).toBeLessThanOrEqual(barBox.y);

    // at the end of the cart the bar takes its own place under the totals and covers nothing;
    // «Наверх» docks above it
    await page.locator(".cart__hint").evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect(page.getByTestId("cart-sum")).toBeInViewport();
    const [summary, end] = [(await page.getByRole("complementary", { name: "Итого" }).boundingBox())!, (await bar.boundingBox())!];
    expect(end.y).toBeGreaterThanOrEqual(summary.y + summary.height);
    expect(end.y + end.height).toBeLessThan(812);
    await expect(button).toBeInViewport();
    await expect(up).toBeVisible();
    expect((await up.boundingBox())!.y + 48).toBeLessThanOrEqual(end.y);
    await page.screenshot({ path: "test-results/screens/cart-sticky-bar-end-375.png" });

    // the menu drawer covers the bar, not the other way round
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Меню" }).click();
    const covered = await bar.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && !el.contains(hit);
    });
    expect(covered).toBe(true);
    await page.getByRole("button", { name: "Меню" }).click();
    await expect(page.getByRole("button", { name: "Меню" })).toHaveAttribute("aria-expanded", "false");

    await button.click();
    await expect(page).toHaveURL(/\/checkout\/$/);
  });

  test("at 1280 px the button stays in the summary beside the lines", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await addFromListing(page, 0);
    await page.goto("/cart/");
    const button = page.getByRole("button", { name: "Оформить заказ" });
    const [lines, b] = [(await page.locator(".cart__lines").boundingBox())!, (await button.boundingBox())!];
    expect(b.x).toBeGreaterThan(lines.x + lines.width);
    await expect(button).toBeInViewport();
    expect(await page.locator(".cart__checkout-bar").evaluate((el) => getComputedStyle(el).position)).toBe("static");
    await expectNoSidewaysScroll(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`a sold-out line is removed by a plain form post and checkout names it at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const stock = warehouse();
      try {
        const gone = await addFromListing(page, 0, false);
        await addFromListing(page, 1, false);
        await page.goto("/cart/");
        stock.setStock(await productIdOf(cartLine(page, gone)), 0);

        await page.goto("/checkout/");
        await fillCheckout(page);
        await page.getByRole("button", { name: "Оформить заказ" }).click();
        const summary = page.getByTestId("checkout-error-summary");
        await expect(summary).toContainText(`«${gone}» — нет в наличии`);
        await expect(page.getByLabel("Имя")).toHaveValue("Вера");

        await summary.getByRole("link", { name: "Изменить корзину" }).click();
        const line = cartLine(page, gone);
        await expect(line.getByText("Нет в наличии", { exact: true })).toBeVisible();
        await line.getByRole("button", { name: "Удалить" }).click();
        await expect(page).toHaveURL(/\/cart\/$/);
        await expect(page.getByRole("link", { name: gone, exact: true })).toHaveCount(0);
        await expect(headerCart(page)).toHaveAccessibleName(/, 1\sтовар$/);

        // and an empty submit shows the summary and the field errors from the server
        await page.goto("/checkout/");
        await page.getByRole("button", { name: "Оформить заказ" }).click();
        await expect(page.getByTestId("checkout-error-summary").getByRole("link", { name: "Телефон" })).toBeVisible();
        await expect(page.getByText("Укажите телефон в формате +7 (XXX) XXX-XX-XX", { exact: true })).toBeVisible();
      } finally {
        stock.restore();
      }
    });
  }
});
