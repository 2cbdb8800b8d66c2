import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, watchConsole } from "./support.ts";

// Stock by showroom, delivery by city, reviews and the phone buy bar, at a phone's and a desktop's width.
// Products are found through the sitemap and their pages, not by hard-coded slugs.
async function sitemapPaths(request: APIRequestContext, kind: "product" | "catalog"): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(new RegExp(`<loc>https?://[^/<]+(/${kind}/[^<]+)</loc>`, "g"))].map((m) => m[1]!);
}

let inStockPath = "";
/** a listing and, on it, the card of a product made to order */
let madeToOrder = { listing: "", product: "" };

test.beforeAll(async ({ request }) => {
  // in stock in a showroom, with enough reviews for a second page and five-star ones to filter
  for (const path of await sitemapPaths(request, "product")) {
    const html = (await (await request.get(`${path}reviews/`)).text()).replace(/<!-- -->/g, "");
    if (/В наличии в \d/.test(html) && /Страница 1 из [2-9]/.test(html) && html.includes("stars=5#reviews-list")) {
      inStockPath = path;
      break;
    }
  }
  for (const path of await sitemapPaths(request, "catalog")) {
    const html = await (await request.get(`${path}?num=48`)).text();
    const m = /href="(\/product\/[a-z0-9-]+\/)#preorder"/.exec(html);
    if (m) {
      madeToOrder = { listing: `${path}?num=48`, product: m[1]! };
      break;
    }
  }
  expect(inStockPath, "a product in stock with two pages of reviews").not.toBe("");
  expect(madeToOrder.product, "a card of a product made to order").not.toBe("");
});

// the header's city select sits in the top bar, shown from 992 px; the product's own «Город доставки» everywhere
const citySelect = (page: Page) => page.getByRole("combobox", { name: "Город доставки" });
const estimate = (page: Page) => page.getByTestId("delivery-estimate");

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test("the delivery estimate follows the chosen city, and «В наличии в N шоурумах» lists the points", async ({ page, context }) => {
      await context.clearCookies();
      const errors = watchConsole(page);
      await page.goto(inStockPath);
      // a city chosen before hydration is reset by it: the visitor's choice would be lost
      await hydrated(page);
      await expect(estimate(page)).toContainText("Доставка курьером в Москве");
      await expect(estimate(page)).toContainText(/бесплатно|\d ₽/);
      const moscow = await estimate(page).innerText();
      await citySelect(page).selectOption({ label: "Новосибирск" });
      await expect(estimate(page)).toContainText("транспортной компанией в г. Новосибирск");
      expect(await estimate(page).innerText()).not.toBe(moscow);
      // remembered: a new page load keeps the city
      await page.reload();
      await expect(citySelect(page)).toHaveValue("novosibirsk");
      if (width === 1280) await expect(page.getByRole("combobox", { name: "Город", exact: true })).toHaveValue("novosibirsk");

      const summary = page.getByTestId("pickup-summary");
      await expect(summary).toHaveText(/^В наличии в \d\sшоурум(е|ах)$/);
      const n = Number(/\d/.exec(await summary.innerText())![0]);
      const table = page.getByRole("table", { name: "Наличие по шоурумам и складу" });
      const rows = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Шоурум/ }) });
      await expect(rows.filter({ hasText: /\d шт\./ })).toHaveCount(n);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/screens/product-delivery-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });

    test("reviews sort, filter by stars and page through links", async ({ page }) => {
      await page.goto(`${inStockPath}reviews/`);
      const panel = page.getByRole("tabpanel");
      const total = Number((await page.getByTestId("review-total").innerText()).replace(/\D/g, ""));
      await expect(panel.locator("li.review")).toHaveCount(10);
      const stars = page.getByRole("list", { name: "Оценка" }).getByRole("link", { name: /^5 звёзд \d+ отзыв/ });
      await stars.click();
      await expect(page).toHaveURL(/[?&]stars=5/);
      await expect(page.getByRole("list", { name: "Оценка" }).getByRole("link", { name: /^5 звёзд \d+ отзыв/ })).toHaveAttribute("aria-current", "true");
      const ratings = await panel.locator("li.review .star-rating").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
      expect(ratings.length).toBeGreaterThan(0);
      expect(new Set(ratings)).toEqual(new Set(["Оценка 5,0 из 5"]));

      await page.getByRole("list", { name: "Оценка" }).getByRole("link", { name: /^Все/ }).click();
      await expect(page).not.toHaveURL(/stars=/);
      await page.getByRole("link", { name: "Сначала с низкой оценкой" }).click();
      await expect(page).toHaveURL(/[?&]sort=low/);
      await expect(page.getByRole("link", { name: "Сначала с низкой оценкой" })).toHaveAttribute("aria-current", "true");
      const low = await panel.locator("li.review .star-rating").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!));
      expect(low).toEqual([...low].sort());
      await page.getByRole("link", { name: "Дальше" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(`Страница 2 из ${Math.ceil(total / 10)}`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/product-reviews-${width}.png` });
    });

    test("a product made to order shows its price, «Под заказ» with the lead time and a back-in-stock form, not a buy button", async ({ page }) => {
      // its card: a neutral status with the lead time and a link, no disabled red button
      await page.goto(madeToOrder.listing);
      const card = page.locator("article.product-card").filter({ has: page.locator(`a[href="${madeToOrder.product}#preorder"]`) });
      const status = card.getByText(/^Под заказ, \d–\d+ недел/);
      await expect(status).toBeVisible();
      await expect(status).toHaveCSS("color", "rgb(107, 102, 96)");
      const lead = await status.innerText();
      await expect(card.getByRole("button", { name: /Под заказ|В корзину/ })).toHaveCount(0);
      await card.getByRole("link", { name: "Сообщить о поступлении" }).click();

      // its page: the same wording, the price, «Сообщить о поступлении» opening its back-in-stock form
      await expect(page).toHaveURL(new RegExp(`${madeToOrder.product}#preorder$`));
      const block = page.getByRole("region", { name: "Цена и покупка" });
      await expect(block.getByTestId("product-price")).toHaveText(/\d\s₽$/);
      await expect(block.getByText(lead, { exact: true })).toBeVisible();
      await expect(block.getByRole("button", { name: "В корзину" })).toHaveCount(0);
      await block.getByRole("button", { name: "Сообщить о поступлении" }).click();
      const dialog = page.getByRole("dialog", { name: "Сообщить о поступлении" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`когда «${await page.locator("h1").innerText()}» снова будет в наличии`);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/product-preorder-${width}.png` });
    });
  });
}

test.describe("at 375 px, the phone's buy bar", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test("appears once «В корзину» scrolls away, keeps «Наверх» free and adds to the cart", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(inStockPath);
    const bar = page.getByTestId("sticky-buy");
    await expect(bar).toBeHidden();
    // the buy block keeps exactly one «В корзину»; the bar's own one is outside it, and hidden until needed
    const buy = page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" });
    await expect(buy).toHaveCount(1);
    await expect(page.getByRole("complementary", { name: "Быстрая покупка" })).toHaveCount(0);
    await page.getByRole("heading", { name: "Где забрать" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(buy).toHaveCount(1);
    await expect(buy).not.toBeInViewport();
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(await page.getByTestId("product-price").innerText());
    const up = page.getByRole("button", { name: "Наверх" });
    await expect(up).toBeVisible();
    const [upBox, barBox] = [await up.boundingBox(), await bar.boundingBox()];
    expect(upBox!.y + upBox!.height).toBeLessThanOrEqual(barBox!.y);
    // it sits right above the phone tab bar, not under it
    const tabs = (await page.getByRole("navigation", { name: "Быстрые ссылки" }).boundingBox())!;
    expect(Math.round(barBox!.y + barBox!.height)).toBe(Math.round(tabs.y));
    await page.screenshot({ path: "test-results/screens/product-sticky-375.png" });

    await bar.getByRole("button", { name: "В корзину" }).click();
    await expect(page.getByRole("link", { name: /^Корзина/ })).toHaveAccessibleName(/,\s1\sтовар$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("never shows on a desktop", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(inStockPath);
    await page.getByRole("heading", { name: "Где забрать" }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId("sticky-buy")).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280] as const) {
    test(`the city form posts and comes back with the new estimate at ${width} px`, async ({ page, context }) => {
      await context.clearCookies();
      await page.setViewportSize({ width, height: 800 });
      await page.goto(inStockPath);
      await expect(estimate(page)).toContainText("в Москве");
      await citySelect(page).selectOption("kazan");
      await estimate(page).getByRole("button", { name: "Выбрать" }).click();
      await expect(page).toHaveURL(new RegExp(`${inStockPath}$`));
      await expect(estimate(page)).toContainText("Доставка курьером в г. Казань");
      await expect(citySelect(page)).toHaveValue("kazan");
    });
  }
});
