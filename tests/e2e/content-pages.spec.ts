import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, watchConsole } from "./support.ts";

async function hydrated(page: Page) {
  // every page has the header's callback link, which marks itself once React runs
  await expect(page.getByRole("banner").locator("a[data-enhanced]")).toBeAttached();
}

/**
 * Resolves once the page's intersection observers have seen `target` in (or out of) the viewport:
 * a fresh observer first reports in the same update of the rendering as those already watching.
 */
const seenByObservers = (target: Locator, inView: boolean) =>
  target.evaluate(
    (el, want) =>
      new Promise<void>((resolve) => {
        const io = new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting === want)) {
            io.disconnect();
            resolve();
          }
        });
        io.observe(el);
      }),
    inView,
  );

/**
 * Resolves once React has rendered the state changes made so far: React renders them in a task it
 * posts as a message; this posts one after it and waits for it.
 */
const reactRendered = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

test.describe("Вопросы и ответы", () => {
  test("the accordion opens one answer at a time", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/faq/");
    await hydrated(page);
    const items = page.locator(".accordion__item");
    await expect(items).toHaveCount(8);
    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.locator(".accordion__panel")).toBeVisible();
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    // the first closes with its 400 ms animation
    await expect(first).not.toHaveAttribute("open", "");
    await expect(page.locator(".accordion__item[open]")).toHaveCount(1);
    await second.locator("summary").click();
    await expect(page.locator(".accordion__item[open]")).toHaveCount(0);
    await page.screenshot({ path: "test-results/screens/faq-1280.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test("answers open without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/faq/");
    const first = page.locator(".accordion__item").first();
    await first.locator("summary").click();
    await expect(first.locator(".accordion__panel")).toBeVisible();
    await context.close();
  });
});

test.describe("О компании", () => {
  test("counters count up from 0 once when they come into view", async ({ page }) => {
    // the count-up runs on animation frames, which a fake clock hands out only when told
    await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
    await page.goto("/about/");
    const big = page.locator("[data-counter='185000']");
    // make the window end above the counters, so they start out of view
    const top = await big.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.setViewportSize({ width: 1280, height: Math.max(200, Math.floor(top) - 150) });
    await page.reload();
    await hydrated(page);
    await page.clock.pauseAt(new Date("2026-11-22T11:00:00Z")); // from here time moves only when told
    await expect(big).not.toHaveAttribute("data-shown", "true");
    await big.scrollIntoViewIfNeeded();
    await expect(big).toHaveAttribute("data-shown", "true");
    await expect(big).toHaveText("0"); // the run has started, from 0
    await page.clock.runFor(750);
    // part way through the 1.5 s it shows a smaller number
    const midway = Number((await big.textContent())!.replace(/\D/g, ""));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(185000);
    await page.clock.runFor(800);
    await expect(big).toHaveText("185\u00A0000", { timeout: 3000 });
    // scrolled away and back: no second run (one would print 0 at once, the clock standing still)
    await page.evaluate(() => window.scrollTo(0, 0));
    await seenByObservers(big, false);
    await big.scrollIntoViewIfNeeded();
    await seenByObservers(big, true);
    await reactRendered(page);
    await page.clock.runFor(100);
    await expect(big).toHaveText("185\u00A0000");
    await page.screenshot({ path: "test-results/screens/about-1280.png", fullPage: true });
  });

  test("under reduced motion the numbers stand still", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about/");
    await hydrated(page);
    const big = page.locator("[data-counter='185000']");
    await big.scrollIntoViewIfNeeded();
    await expect(big).toHaveAttribute("data-shown", "true");
    await expect(big).toHaveText("185\u00A0000");
  });
});

test.describe("Доставка", () => {
  test("the lift-to-floor calculator follows the shared pricing and keeps fields numeric", async ({ page }) => {
    await page.goto("/delivery/");
    await hydrated(page);
    await expect(page.locator(".rich-text .table-scroll table")).toHaveCount(1);
    const weight = page.getByRole("textbox", { name: "Вес заказа, кг" });
    const floor = page.getByRole("textbox", { name: "Этаж" });
    await weight.fill("");
    await weight.pressSequentially("12a0");
    await expect(weight).toHaveValue("120");
    await floor.fill("");
    await floor.pressSequentially("150");
    // clamped to the numeric maximum
    await expect(floor).toHaveValue("100");
    await floor.fill("10");
    await page.getByRole("radio", { name: "Нет лифта" }).check();
    // 9 floors × 3 started 50 kg × 90 ₽ = 2 430 ₽, plus 990 ₽ delivery
    await expect(page.getByTestId("lift-total")).toHaveText("3\u00A0420\u00A0₽");
    await page.getByRole("radio", { name: "Грузовой лифт" }).check();
    await expect(page.getByTestId("lift-total")).toHaveText("1\u00A0570\u00A0₽");
    await page.screenshot({ path: "test-results/screens/delivery-1280.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test("without JavaScript the calculator is a GET form the server answers", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/delivery/");
    await page.getByRole("textbox", { name: "Вес заказа, кг" }).fill("120");
    await page.getByRole("textbox", { name: "Этаж" }).fill("10");
    await page.getByRole("radio", { name: "Нет лифта" }).check();
    await page.getByRole("button", { name: "Рассчитать" }).click();
    await expect(page).toHaveURL(/weight=120/);
    await expect(page.getByTestId("lift-total")).toHaveText("3\u00A0420\u00A0₽");
    await context.close();
  });
});

test.describe("Новости", () => {
  test("the list has pages", async ({ page }) => {
    await page.goto("/news/");
    await expect(page.getByRole("heading", { level: 1, name: "Новости" })).toBeVisible();
    await expect(page.locator(".news-list > li")).toHaveCount(6);
    await page.screenshot({ path: "test-results/screens/news-1280.png", fullPage: true });
    await page.getByRole("navigation", { name: "Страницы новостей" }).getByRole("link", { name: "Страница 2" }).click();
    await expect(page).toHaveURL(/\/news\/\?page=2$/);
    await expect(page.locator(".news-list > li")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
  });

  test("an article opens its pictures in the lightbox; a broken one says so", async ({ page }) => {
    await page.route(/\/media\/news\/bedroom-1440\.webp/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/news/novyy-shourum-v-kazani/");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Открыли шоурум в Казани");
    const gallery = page.getByRole("region", { name: "Фотографии и видео" });
    await gallery.getByRole("link", { name: "Зал мягкой мебели" }).click();
    const box = page.locator(".yarl__root");
    await expect(box).toBeVisible();
    await expect(box.locator(".yarl__slide_current img")).toHaveAttribute("alt", "Зал мягкой мебели");
    await page.screenshot({ path: "test-results/screens/news-lightbox-1280.png" });
    // one slide at a time: a key pressed while the lightbox is still moving is ignored
    await page.keyboard.press("ArrowRight");
    await expect(box.locator(".yarl__slide_current")).toHaveAttribute("aria-label", /^2 из/);
    await page.keyboard.press("ArrowRight");
    await expect(box.locator(".yarl__slide_current")).toHaveAttribute("aria-label", /^3 из/);
    await expect(box.locator(".yarl__slide_current")).toContainText("Не удалось загрузить");
    await box.getByRole("button", { name: "Закрыть" }).click();
    await expect(box).toBeHidden();
  });

  test("tables in articles are wrapped and the page has share links", async ({ page }) => {
    await page.goto("/news/novye-tarify-podema-na-etazh/");
    await expect(page.locator(".rich-text .table-scroll > table")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Поделиться" }).getByRole("link", { name: "ВКонтакте" })).toHaveAttribute("href", /vk\.com\/share\.php/);
  });
});

test.describe("content pages on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const path of ["/faq/", "/about/", "/delivery/", "/news/", "/news/novyy-shourum-v-kazani/", "/contacts/"]) {
    test(`${path} fits the screen`, async ({ page }) => {
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await page.goto(path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/content${path.replace(/\W+/g, "-").replace(/-$/, "")}-375.png`, fullPage: true });
    });
  }
});
