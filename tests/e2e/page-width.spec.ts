// Nothing scrolls sideways on a phone: every main page at 320 and 375 px, with a comparison and
// favourites of three products, a cart and a placed order with a long address (the order page once grew to
// 870 px wide, the comparison page to 612 px).
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support.ts";

const LONG_ADDRESS = "Москва, Ленинградский проспект, дом 37, корпус 9, подъезд 4, квартира 123, код домофона 123К4567890";

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
}

test("no main page is wider than a 320 or 375 px phone", async ({ page }) => {
  test.setTimeout(120_000);
  const paths = await sitemapPaths(page);
  const product = paths.find((p) => p.startsWith("/product/"))!;
  const section = "/catalog/divany-i-kresla/";

  await page.goto(section);
  await hydrated(page);
  const compareButtons = page.getByRole("button", { name: "Сравнить" });
  const hearts = page.getByRole("button", { name: "В избранное" });
  for (let i = 0; i < 3; i++) {
    await compareButtons.nth(i).click();
    await expect(page.getByRole("link", { name: new RegExp(`^Сравнение: ${i + 1} товар`) })).toBeVisible();
    await hearts.nth(i).click();
    await expect(page.getByRole("link", { name: new RegExp(`^Избранное: ${i + 1} товар`) })).toBeVisible();
  }
  await page.getByRole("button", { name: "В корзину" }).first().click();
  await expect(page.getByRole("link", { name: /^Корзина [^,]+, 1 товар/ })).toBeVisible();

  await page.goto("/checkout/");
  await page.getByLabel("Имя").fill("Анна");
  await page.getByLabel("Телефон").fill("+7 916 123 45 67");
  await page.getByLabel("Адрес доставки").fill(LONG_ADDRESS);
  await page.getByRole("checkbox", { name: /согласие/ }).check();
  await page.getByRole("button", { name: "Оформить заказ" }).click();
  await expect(page).toHaveURL(/\/order\/[^/]+\/$/);
  const order = new URL(page.url()).pathname;

  const pages = ["/", "/catalog/", section, product, "/cart/", "/compare/", "/favorites/", "/checkout/", order];
  pages.push("/delivery/", "/payment/", "/about/", "/contacts/", "/faq/", "/news/", "/login/", "/register/", "/search/?q=диван");
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of pages) {
      await page.goto(path);
      await hydrated(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(order);
  await expect(page.getByText(LONG_ADDRESS)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/order-320.png", fullPage: true });
});
