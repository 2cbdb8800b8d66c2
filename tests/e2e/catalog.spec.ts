import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, watchConsole } from "./support.ts";

const SECTION = "/catalog/divany-i-kresla/";
const countText = (page: Page) => page.locator(".listing-toolbar__count").innerText();
const cardPrices = async (page: Page) => (await page.locator(".product-card__current").allInnerTexts()).map((t) => Number(t.replace(/[^\d]/g, "")));

test.describe("catalogue with JavaScript", () => {
  test("ticking a facet updates the URL, the list and the counts; back restores", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(SECTION);
    await expectNoSeriousA11yViolations(page);
    const before = await countText(page);
    const colours = page.getByRole("group", { name: "Цвет" });
    const first = colours.getByRole("checkbox").first();
    const value = (await first.getAttribute("value"))!;
    // a value's checkbox is named by the value alone, the count is its description
    await expect(colours.getByRole("checkbox", { name: value, exact: true })).toHaveAccessibleDescription(/^\d+ шт\.$/);
    await first.check();
    await expect(page).toHaveURL(/[?&]color=/);
    await expect.poll(() => countText(page)).not.toBe(before);
    await expect(page.getByRole("link", { name: `Убрать фильтр «Цвет: ${value}»` })).toBeVisible();
    await expect(first).toBeChecked();
    await page.screenshot({ path: "test-results/screens/catalog-filtered-1280.png", fullPage: false });

    await page.goBack();
    await expect(page).not.toHaveURL(/color=/);
    await expect.poll(() => countText(page)).toBe(before);
    await expect(page.getByRole("group", { name: "Цвет" }).getByRole("checkbox").first()).not.toBeChecked();
    await page.goForward();
    await expect(page).toHaveURL(/[?&]color=/);
    expect(errors).toEqual([]);
  });

  test("the price range writes price[min] from the slider and from the box", async ({ page }) => {
    await page.goto(SECTION);
    const thumb = page.getByRole("slider", { name: "Цена: минимум" });
    await thumb.focus();
    for (let i = 0; i < 5; i++) await thumb.press("PageUp");
    await expect(page).toHaveURL(/price%5Bmin%5D=\d+|price\[min\]=\d+/);

    await page.goto(SECTION);
    const from = page.getByRole("spinbutton", { name: "Цена от" });
    const min = Number(await from.inputValue());
    await from.fill(String(min + 20000));
    await from.press("Enter");
    await expect(page).toHaveURL(new RegExp(`price(%5B|\\[)min(%5D|\\])=${min + 20000}`));
    await expect.poll(async () => Math.min(...(await cardPrices(page)))).toBeGreaterThanOrEqual(min + 20000);
    // ArrowUp changes the box by one step
    await from.focus();
    await from.press("ArrowUp");
    await expect(from).toHaveValue(String(min + 20001));
  });

  test("sort and page size keep the filters and reorder the list", async ({ page }) => {
    await page.goto(`${SECTION}?style=${encodeURIComponent("Скандинавский")}`);
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price_asc");
    await expect(page).toHaveURL(/direction=price_asc/);
    await expect(page).toHaveURL(/style=/);
    const ascending = async () => {
      const prices = await cardPrices(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    };
    await expect.poll(ascending).toBe(true);
    await page.getByRole("combobox", { name: "Показывать по" }).selectOption("12");
    await expect(page).toHaveURL(/num=12/);
    await expect(page).toHaveURL(/direction=price_asc/);
    await page.getByRole("radio", { name: "Списком" }).check();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.locator(".product-card--list").first()).toBeVisible();
  });

  test("«Показать ещё» appends pages until the end, then disappears", async ({ page }) => {
    await page.goto(`${SECTION}?num=12`);
    const total = Number((await countText(page)).replace(/[^\d]/g, ""));
    expect(total).toBeGreaterThan(24);
    const more = page.getByRole("button", { name: "Показать ещё" });
    for (let i = 0; i < 10 && (await more.count()); i++) {
      const cards = await page.locator(".listing-results > li").count();
      await more.click();
      await expect.poll(() => page.locator(".listing-results > li").count()).toBeGreaterThan(cards);
    }
    await expect(more).toHaveCount(0);
    await expect(page.locator(".listing-results > li")).toHaveCount(total);
  });

  test("the filter panel opens over the page on phones", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(SECTION);
    await page.getByRole("button", { name: "Фильтры" }).click();
    await expect(page.locator("body")).toHaveClass(/filters-open/);
    await page.getByRole("group", { name: "Цвет" }).getByRole("checkbox").first().check();
    const apply = page.getByRole("button", { name: /^Показать \d+/ });
    await expect(page).toHaveURL(/color=/);
    await page.screenshot({ path: "test-results/screens/catalog-filters-375.png" });
    await apply.click();
    await expect(page.locator("body")).not.toHaveClass(/filters-open/);
  });

  test("search finds word forms and offers its own facets", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Поиск" }).click();
    await page.getByRole("searchbox", { name: "Поиск по каталогу" }).fill("диваны");
    await page.getByRole("searchbox", { name: "Поиск по каталогу" }).press("Enter");
    await expect(page).toHaveURL(/\/search\/\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("диваны");
    await expect(page.locator(".product-card").first()).toContainText(/Диван|диван/);
    await expect(page.getByRole("group", { name: "Цвет" })).toBeVisible();
  });
});

test.describe("catalogue while the script is still loading", () => {
  test("a sort chosen before the page is enhanced is applied once it is", async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(SECTION, { waitUntil: "domcontentloaded" });
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price_desc");
    release();
    await expect(page).toHaveURL(/direction=price_desc/);
    const descending = async () => {
      const prices = await cardPrices(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1]! >= p);
    };
    await expect.poll(descending).toBe(true);
  });
});

test.describe("catalogue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same filter and sort work as a plain form", async ({ page }) => {
    await page.goto(SECTION);
    const colour = page.getByRole("group", { name: "Цвет" }).getByRole("checkbox").first();
    await colour.check();
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price_desc");
    await page.getByRole("button", { name: /^Показать \d+/ }).click();
    await expect(page).toHaveURL(/color=/);
    await expect(page).toHaveURL(/direction=price_desc/);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await expect(page.getByRole("group", { name: "Цвет" }).getByRole("checkbox").first()).toBeChecked();
    await expect(page.getByRole("navigation", { name: "Страницы" }).or(page.locator(".listing-results"))).toBeVisible();
  });
});

test.describe("predictive search", () => {
  test("suggestions appear as you type and the keyboard picks one", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Поиск" }).click();
    const box = page.getByRole("searchbox", { name: "Поиск по каталогу" });
    await box.pressSequentially("дива", { delay: 40 });
    const list = page.getByRole("listbox", { name: "Подсказки поиска" });
    await expect(list).toBeVisible();
    await expect(list.getByRole("option").first()).toBeVisible();
    await expect(list).toContainText("Диваны и кресла");
    await box.press("ArrowDown");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/catalog\/divany-i-kresla\/$/);
  });
});
