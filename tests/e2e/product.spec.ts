import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, watchConsole } from "./support.ts";

// Products are found through the sitemap, not by hard-coded slugs, so a change in the demo data
// cannot silently turn these tests into no-ops: a product with photos and a video, a set with an
// optional item.
async function productPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/product\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
}

async function findProduct(request: APIRequestContext, paths: string[], wanted: (html: string) => boolean): Promise<string> {
  for (const path of paths) {
    if (wanted(await (await request.get(path)).text())) return path;
  }
  throw new Error("no product in the demo data fits the test");
}

const photoCount = (html: string) => (html.match(/aria-label="Фото \d+ из \d+"/g) ?? []).length;
let galleryPath = "";
let setPath = "";

test.beforeAll(async ({ request }) => {
  const paths = await productPaths(request);
  expect(paths.length).toBeGreaterThan(20);
  galleryPath = await findProduct(request, paths, (html) => photoCount(html) >= 3 && html.includes("Смотреть видео") && html.includes("В наличии"));
  setPath = await findProduct(request, [...paths].reverse(), (html) => html.includes("Состав комплекта") && /type="checkbox"[^>]*name="item"/.test(html));
});

/** Video sites are not reached from the tests: their player address answers with a stub page. */
async function stubVideoSites(page: Page) {
  await page.route(/^https:\/\/(rutube\.ru|www\.youtube-nocookie\.com|vkvideo\.ru)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
}

const activeAlt = (page: Page) => page.locator(".product-gallery__main .swiper-slide-active img").getAttribute("alt");

test("thumbnails switch the main image; the lightbox opens, moves, plays the video and closes with Escape", async ({ page }) => {
  const errors = watchConsole(page);
  await stubVideoSites(page);
  await page.goto(galleryPath);
  await expectNoSeriousA11yViolations(page);
  const thumbs = page.getByRole("button", { name: /^Фото \d+ из \d+$/ });
  const total = await page.getByRole("button", { name: /^(Фото|Видео) \d+ из \d+$/ }).count();
  const first = await activeAlt(page);
  await thumbs.nth(1).click();
  await expect.poll(() => activeAlt(page)).not.toBe(first);
  const second = await activeAlt(page);
  await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
  await page.screenshot({ path: "test-results/screens/product-1280.png", fullPage: true });
  // share links are plain links to the networks' share pages; the block is ready without counters
  await expect(page.locator(".share-buttons")).toHaveAttribute("data-state", "ready");
  const pageUrl = encodeURIComponent(new URL(galleryPath, page.url()).href);
  expect(await page.getByRole("link", { name: /^Поделиться: ВКонтакте/ }).getAttribute("href")).toBe(
    `https://vk.com/share.php?url=${pageUrl}&title=${encodeURIComponent(await page.locator("h1").innerText())}`,
  );
  expect(await page.getByRole("link", { name: /^Поделиться: Telegram/ }).getAttribute("href")).toMatch(
    new RegExp(`^https://t\\.me/share/url\\?url=${pageUrl}&text=`),
  );
  expect(await page.locator("script[src^='http']").count()).toBe(0);

  await page.getByRole("link", { name: `Открыть фото 2 из ${total} во весь экран` }).click();
  const lightbox = page.getByRole("dialog", { name: "Просмотр фото и видео" });
  await expect(lightbox).toBeVisible();
  const current = lightbox.locator(".yarl__slide_current");
  await expect(current).toHaveAttribute("aria-label", `2 из ${total}`);
  await expect(current.locator("img")).toHaveAttribute("alt", second!);
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.locator(".yarl__slide_current")).toHaveAttribute("aria-label", `3 из ${total}`);
  // the last item is the video: an autoplaying player built from the video id
  await page.keyboard.press("End");
  for (let i = 3; i < total; i++) await page.keyboard.press("ArrowRight");
  const frame = lightbox.locator(".yarl__slide_current iframe");
  await expect(frame).toHaveAttribute("src", /^https:\/\/(rutube\.ru\/play\/embed|www\.youtube-nocookie\.com\/embed)\/[\w-]+\/?\?autoplay=1/);
  // the picture once the lightbox has faded in and the slides have stopped moving
  await expect(lightbox).toHaveCSS("opacity", "1");
  await expect
    .poll(() => lightbox.evaluate((root) => root.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).length))
    .toBe(0);
  await page.screenshot({ path: "test-results/screens/product-lightbox-1280.png" });
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  expect(errors).toEqual([]);
});

test("a broken source in the lightbox says «Не удалось загрузить»", async ({ page }) => {
  await page.route(/\/media\/products\/.*-960\.webp$/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(galleryPath);
  await page.getByRole("link", { name: /^Открыть фото 1 из \d+ во весь экран$/ }).click();
  await expect(page.getByRole("dialog", { name: "Просмотр фото и видео" }).locator(".yarl__slide_current").getByText("Не удалось загрузить")).toBeVisible();
});

test("tabs switch with real URLs and load lazily by POST; a failure offers «Повторить»", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(galleryPath);
  const tabPosts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/tab/")) tabPosts.push(r.postData() ?? "");
  });
  const description = page.getByRole("tab", { name: "Описание" });
  await expect(description).toHaveAttribute("aria-selected", "true");
  await expect(description).toHaveAttribute("href", `${galleryPath}#tabs`);

  await page.getByRole("tab", { name: "Характеристики" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Артикул");
  await expect(page).toHaveURL(new RegExp(`${galleryPath}specs/$`));
  expect(tabPosts).toEqual(["ajax=tab&id=specs"]);
  // a click on the active tab does nothing; a loaded tab is not fetched again
  await page.getByRole("tab", { name: "Характеристики" }).click();
  await page.getByRole("tab", { name: "Описание" }).click();
  await expect(description).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Характеристики" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Артикул");
  expect(tabPosts).toHaveLength(1);

  // a new load aborts the earlier one: «Отзывы» is held back, «Доставка» wins
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/tab/", async (route) => {
    if (route.request().postData()?.includes("id=reviews")) await held;
    await route.fallback().catch(() => {});
  });
  const aborted = page.waitForEvent("requestfailed", (r) => r.url().endsWith("/tab/"));
  await page.getByRole("tab", { name: "Отзывы" }).click();
  await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-busy", "true");
  await page.getByRole("tab", { name: "Доставка" }).click();
  await aborted;
  release();
  await expect(page.getByRole("tab", { name: "Доставка" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText(/Самовывоз|курьер/i);
  await expect(page.getByRole("tabpanel")).not.toHaveAttribute("aria-busy", "true");
  await page.unroute("**/tab/");
  expect(errors).toEqual([]);

  // a failed load hides the loader and offers «Повторить»
  await page.route("**/tab/", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("tab", { name: "Отзывы" }).click();
  await expect(page.getByRole("alert")).toContainText("Не удалось загрузить вкладку «Отзывы»");
  await expect(page.locator(".product-tabs__loader")).toHaveCount(0);
  await page.unroute("**/tab/");
  await page.getByRole("button", { name: "Повторить" }).click();
  await expect(page.getByRole("tab", { name: "Отзывы" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Оставить отзыв");
  await expect(page).toHaveURL(new RegExp(`${galleryPath}reviews/$`));
});

test("a set's total, discount and weight follow the optional items, and the cart form carries exactly those", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(setPath);
  await expectNoSeriousA11yViolations(page);
  const total = page.getByTestId("set-total");
  const price = page.getByTestId("product-price");
  const before = await total.innerText();
  await expect(price).toHaveText(before);
  const items = () => page.evaluate(() => new FormData(document.getElementById("product-buy") as HTMLFormElement).getAll("item"));
  const all = await items();
  const optional = page.getByRole("checkbox", { name: /^В комплекте по желанию: / }).first();
  const optionalId = await optional.getAttribute("value");
  expect(all).toContain(optionalId);

  await optional.uncheck();
  await expect(total).not.toHaveText(before);
  await expect(price).toHaveText(await total.innerText());
  const toNumber = (s: string) => Number(s.replace(/[^\d,]/g, "").replace(",", "."));
  expect(toNumber(await total.innerText())).toBeLessThan(toNumber(before));
  expect(await items()).toEqual(all.filter((id) => id !== optionalId));
  await page.screenshot({ path: "test-results/screens/product-set-1280.png", fullPage: true });

  await optional.check();
  await expect(total).toHaveText(before);
  expect(await items()).toEqual(all);

  // what goes into the cart is what was shown: the set without its optional item, at that price
  await optional.uncheck();
  const shown = await total.innerText();
  await page.getByRole("button", { name: "В корзину" }).first().click();
  await expect(page.getByRole("link", { name: /^Корзина [^,]+, 1 товар/ })).toBeVisible();
  await page.goto("/cart/");
  await expect(page.locator("main")).toContainText(shown);
  expect(errors).toEqual([]);
});

test("the review form shows its errors, then thanks the visitor", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`${galleryPath}reviews/`);
  const form = page.locator("#review-form");
  await form.getByRole("button", { name: "Отправить отзыв" }).click();
  await expect(form).toContainText("Оценка не выбрана");
  await expect(form).toContainText("Напишите отзыв");
  await expect(form).toContainText("Укажите имя");
  await expect(form).toContainText("Подтвердите согласие на обработку персональных данных");
  // focus goes to the first field in error: the rating, the form's first field
  await expect(form.getByRole("radio").first()).toBeFocused();

  await form.getByRole("radio", { name: "4 звезды из 5" }).check();
  await page.getByRole("textbox", { name: "Отзыв" }).fill("Крепкий, удобный, собрали за вечер.");
  await page.getByRole("textbox", { name: "Имя" }).fill("Мария");
  await page.getByRole("checkbox", { name: /персональных данных/ }).check();
  await form.getByRole("button", { name: "Отправить отзыв" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Спасибо, отзыв появится после проверки" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Имя" })).toHaveValue("");
  await expect(form).not.toContainText("Оценка не выбрана");
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the review form posts, shows errors with what was typed, then thanks", async ({ page }) => {
    await page.goto(`${galleryPath}reviews/`);
    await page.getByRole("textbox", { name: "Имя" }).fill("Пётр");
    await page.locator("#review-form").getByRole("button", { name: "Отправить отзыв" }).click();
    await expect(page.locator("#review-form")).toContainText("Оценка не выбрана");
    await expect(page.getByRole("textbox", { name: "Имя" })).toHaveValue("Пётр");
    await page.getByRole("radio", { name: "5 звёзд из 5" }).check();
    await page.getByRole("textbox", { name: "Отзыв" }).fill("Всё понравилось, рекомендую магазин.");
    await page.getByRole("checkbox", { name: /персональных данных/ }).check();
    await page.locator("#review-form").getByRole("button", { name: "Отправить отзыв" }).click();
    await expect(page).toHaveURL(/\/reviews\/\?review=sent/);
    await expect(page.getByText("Спасибо, отзыв появится после проверки")).toBeVisible();
  });

  test("tabs are links to server-rendered pages and the map toggle is a link", async ({ page }) => {
    await page.goto(galleryPath);
    await page.getByRole("tab", { name: "Характеристики" }).click();
    await expect(page).toHaveURL(new RegExp(`${galleryPath}specs/#tabs$`));
    await expect(page.getByRole("tabpanel")).toContainText("Артикул");
    await page.getByRole("link", { name: "Показать карту" }).click();
    await expect(page.getByRole("link", { name: "Скрыть карту" })).toBeVisible();
    await expect(page.locator("#pickup-points")).toBeVisible();
  });
});

test("pickup points, side menu affix and the narrow layout", async ({ page }) => {
  await page.goto(galleryPath);
  const toggle = page.getByRole("link", { name: "Показать карту" });
  await toggle.click();
  await expect(page.getByRole("link", { name: "Скрыть карту" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#pickup-points")).toBeVisible();
  // the contacts page's map, with a marker per pickup point
  const points = await page.locator("#pickup-points li").count();
  await expect(page.locator("#pickup-points .leaflet-marker-icon")).toHaveCount(points);
  await page.locator("#pickup").screenshot({ path: "test-results/screens/product-pickup-1280.png" });
  await page.getByRole("link", { name: "Скрыть карту" }).click();
  await expect(page.locator("#pickup-points")).toBeHidden();
  await expect(page.locator(".side-menu")).toHaveClass(/side-menu--affix/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(galleryPath);
  // nothing wider than the phone screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator(".side-menu")).not.toHaveClass(/side-menu--affix/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/screens/product-375.png", fullPage: true });
  await page.goto(setPath);
  await page.screenshot({ path: "test-results/screens/product-set-375.png", fullPage: true });
});
