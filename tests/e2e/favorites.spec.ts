// «Избранное» at 375 and 1280 px: the heart on cards and the product page, the header (or, on a
// phone, the bottom bar) count, the /favorites/ page, the same without JavaScript; and what the
// phone header and its bottom bar reach.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { confirmRegistrationFromMail, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, watchConsole } from "./support.ts";

const LISTING = "/catalog/divany-i-kresla/";
const favouritesLink = (page: Page) => page.getByRole("link", { name: /^Избранное/ });

/** the first card that can be bought, its title and its heart */
async function firstCard(page: Page): Promise<{ card: Locator; title: string; heart: Locator }> {
  const card = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: "В корзину" }) })
    .first();
  return { card, title: await card.locator(".product-card__title").innerText(), heart: card.getByRole("button", { name: "В избранное" }) };
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  const phone = width < 992;

  test.describe(`favourites at ${width} px`, () => {
    test.use({ viewport: { width, height }, ...(phone ? { hasTouch: true, isMobile: true } : {}) });

    test("the heart flips pressed and the header count in place; /favorites/ lists the product and takes it off", async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(LISTING);
      await hydrated(page);
      await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 0\sтоваров$/);
      const { card, title, heart } = await firstCard(page);
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 1\sтовар$/);
      expect(new URL(page.url()).pathname).toBe(LISTING); // no reload, no navigation
      await page.screenshot({ path: `test-results/screens/favorites-listing-${width}.png` });

      await card.locator(".product-card__title a").click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const pageHeart = page.locator(".price-block").getByRole("button", { name: "В избранное" });
      await expect(pageHeart).toHaveAttribute("aria-pressed", "true");
      await pageHeart.click();
      await expect(pageHeart).toHaveAttribute("aria-pressed", "false");
      await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 0\sтоваров$/);
      await pageHeart.click();
      await expect(pageHeart).toHaveAttribute("aria-pressed", "true");
      await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 1\sтовар$/);
      await expectNoSidewaysScroll(page);
      await page.locator(".price-block").screenshot({ path: `test-results/screens/favorites-product-${width}.png` });

      await favouritesLink(page).click();
      await expect(page).toHaveURL(/\/favorites\/$/);
      await expect(page.getByRole("heading", { level: 1, name: "Избранное" })).toBeVisible();
      const cards = page.locator(".product-card");
      await expect(cards).toHaveCount(1);
      await expect(cards.locator(".product-card__title")).toHaveText(title);
      await expect(cards.getByRole("button", { name: "В корзину" })).toBeEnabled();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/favorites-page-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);

      await cards.getByRole("button", { name: "В избранное" }).click();
      await expect(page.getByText("В избранном пока ничего нет")).toBeVisible();
      await expect(cards).toHaveCount(0);
      await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 0\sтоваров$/);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("link", { name: "Перейти в каталог" }).click();
      await expect(page).toHaveURL(/\/catalog\/$/);
      expect(errors).toEqual([]);
    });
  });

  test.describe(`favourites without JavaScript at ${width} px`, () => {
    test.use({ viewport: { width, height }, javaScriptEnabled: false });

    test("the heart is a form post that comes back to the same page, pressed, with the count", async ({ page }) => {
      await page.goto(`${LISTING}?direction=price_asc`);
      const { title, heart } = await firstCard(page);
      await heart.click();
      await expect(page).toHaveURL(new RegExp(`${LISTING}\\?direction=price_asc$`));
      await expect((await firstCard(page)).heart).toHaveAttribute("aria-pressed", "true");
      await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 1\sтовар$/);
      await favouritesLink(page).click();
      await expect(page.locator(".product-card__title")).toHaveText([title]);
    });
  });
}

test.describe("the phone header and bottom bar (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("reach login, then the profile, the comparison and the favourites; the favourites survive registration", async ({ page }) => {
    await page.goto(LISTING);
    await hydrated(page);
    const { heart } = await firstCard(page);
    await heart.click();
    await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 1\sтовар$/);

    const compare = page.getByRole("link", { name: /^Сравнение/ });
    await expect(compare).toBeVisible();
    await compare.click();
    await expect(page.getByRole("heading", { level: 1, name: "Сравнение товаров" })).toBeVisible();
    await expect(compare).toHaveAttribute("aria-current", "page");
    await favouritesLink(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Избранное" })).toBeVisible();

    const login = page.getByRole("banner").getByRole("link", { name: "Войти" });
    await expect(login).toBeVisible();
    await login.click();
    await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
    await page.getByRole("link", { name: "Зарегистрироваться" }).click();
    const address = `e2e.fav.${Date.now()}@example.ru`;
    await page.getByLabel("Имя").fill("Анна");
    await page.getByLabel("E-mail").fill(address);
    await page.getByLabel("Телефон").fill("8 916 123-45-67");
    await page.getByLabel("Пароль", { exact: true }).fill("диван и кресло 2026");
    await page.getByRole("checkbox", { name: /персональных данных/ }).check();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await confirmRegistrationFromMail(page, address);
    const profile = page.getByRole("banner").getByRole("link", { name: "Профиль" });
    await expect(profile).toBeVisible();
    await expect(favouritesLink(page)).toHaveAccessibleName(/^Избранное: 1\sтовар$/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: "test-results/screens/phone-header-signed-in-375.png" });
  });

  test("the bottom bar covers neither «Наверх», the open menu nor a dialog", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const bar = page.getByRole("navigation", { name: "Быстрые ссылки" });
    await expect(bar).toBeVisible();
    const barTop = (await boxOf(bar)).y;

    await page.evaluate(() => window.scrollTo(0, 1200));
    const up = page.getByRole("button", { name: "Наверх" });
    await expect(up).toBeVisible();
    const floating = await boxOf(up);
    expect(floating.y + floating.height).toBeLessThanOrEqual(barTop);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(up).toHaveClass(/scroll-top--docked/);
    const docked = await boxOf(up);
    expect(docked.y + docked.height).toBeLessThanOrEqual(barTop);
    await page.screenshot({ path: "test-results/screens/bottom-bar-375.png" });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Меню" }).click();
    const menu = page.getByRole("navigation", { name: "Главное меню" });
    await expect(menu).toBeVisible();
    const drawer = await boxOf(menu);
    expect(drawer.y + drawer.height).toBeLessThanOrEqual(barTop + 0.5);
    await favouritesLink(page).click();
    await expect(page).toHaveURL(/\/favorites\/$/);
    await expect(menu).toBeHidden();

    // full-screen layers (the photo viewer, the phone filter panel) lie over the bar
    const barBox = await boxOf(bar);
    const barCovered = () =>
      page.evaluate(([x, y]) => !document.elementFromPoint(x!, y!)?.closest(".bottom-bar"), [barBox.x + barBox.width / 2, barBox.y + barBox.height / 2]);
    await page.goto(LISTING);
    await hydrated(page);
    expect(await barCovered()).toBe(false);
    await page.getByRole("button", { name: "Фильтры" }).click();
    await expect(page.locator("body")).toHaveClass(/filters-open/);
    expect(await barCovered()).toBe(true);
    const product = await page.locator(".product-card__title a").first().getAttribute("href");
    await page.goto(product!);
    await hydrated(page);
    await page.getByRole("link", { name: /^Открыть фото 1 из \d+ во весь экран$/ }).click();
    await expect(page.getByRole("dialog", { name: "Просмотр фото и видео" })).toBeVisible();
    expect(await barCovered()).toBe(true);
  });
});
