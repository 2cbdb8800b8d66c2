import { expect, test, type Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, watchConsole } from "./support.ts";

/** Widths of the slides and the gaps between the first ones, as laid out by Swiper. */
async function slideGeometry(slider: Locator) {
  return slider.evaluate((root) => {
    const box = root.querySelector(".swiper")!.getBoundingClientRect();
    const slides = [...root.querySelectorAll(".swiper-slide")].map((s) => s.getBoundingClientRect());
    return { container: box.width, width: slides[0]!.width, gap: slides[1]!.left - slides[0]!.right };
  });
}

test.describe("agree checkbox", () => {
  test("the partner link stays disabled until the terms are accepted, then gets its address back", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/about/");
    await hydrated(page);
    const link = page.getByRole("link", { name: "Стать партнёром" });
    const box = page.getByRole("checkbox", { name: "Я принимаю условия партнёрской программы" });
    await expect(link).toHaveAttribute("aria-disabled", "true");
    await expect(link).not.toHaveAttribute("href");
    await expect(link).toHaveAttribute("data-href", "/contacts/#feedback");
    // a followed link starts its navigation (full or client-side) in the click itself, and the
    // page's navigate event fires then: record them to see that nothing started
    await page.evaluate(() => {
      const started: string[] = [];
      navigation.addEventListener("navigate", (e) => started.push(e.destination.url));
      Object.assign(window, { startedNavigations: started });
    });
    // force: Playwright itself refuses to click an aria-disabled element
    await link.click({ force: true });
    expect(await page.evaluate(() => (window as Window & { startedNavigations?: string[] }).startedNavigations)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/about/");
    await box.check();
    await expect(link).toHaveAttribute("href", "/contacts/#feedback");
    await expect(link).not.toHaveAttribute("aria-disabled");
    await box.uncheck();
    await expect(link).toHaveAttribute("aria-disabled", "true");
    await box.check();
    await link.click();
    await expect(page).toHaveURL(/\/contacts\/#feedback$/);
    expect(errors).toEqual([]);
  });

  test("without JavaScript nothing is disabled", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about/");
    await expect(page.getByRole("link", { name: "Стать партнёром" })).toHaveAttribute("href", "/contacts/#feedback");
    await context.close();
  });
});

test.describe("blocks that reveal on scroll", () => {
  test("a block below the fold appears once scrolled to", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const news = page.locator(".reveal").filter({ has: page.getByRole("heading", { name: "Новости", exact: true }) });
    await expect(news).toHaveAttribute("data-reveal", "pending");
    await expect(news).toHaveCSS("opacity", "0");
    await news.scrollIntoViewIfNeeded();
    await expect(news).toHaveAttribute("data-reveal", "shown");
    await expect(news).toHaveCSS("opacity", "1");
  });

  test("nothing is hidden under prefers-reduced-motion, nor without JavaScript", async ({ browser }) => {
    const reduced = await browser.newContext({ reducedMotion: "reduce" });
    const page = await reduced.newPage();
    await page.goto("/");
    await hydrated(page);
    const blocks = page.locator(".reveal");
    expect(await blocks.count()).toBeGreaterThan(2);
    for (const block of await blocks.all()) {
      await expect(block).not.toHaveAttribute("data-reveal");
      await expect(block).toHaveCSS("opacity", "1");
    }
    await reduced.close();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto("/");
    for (const block of await plain.locator(".reveal").all()) await expect(block).toHaveCSS("opacity", "1");
    await noJs.close();
  });
});

test("the other-news list has a custom scrollbar that hides 300 ms after the pointer leaves", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
  await page.goto("/news/");
  await page.locator(".news-card__title a").first().click();
  await hydrated(page);
  const area = page.getByRole("region", { name: "Список других новостей" });
  await area.scrollIntoViewIfNeeded();
  const root = page.locator(".scroll-area");
  const bar = root.locator(".simplebar-track.simplebar-vertical .simplebar-scrollbar");
  await expect(root.locator(".simplebar-track.simplebar-vertical")).toHaveCSS("visibility", "visible");
  const opacity = async () => Number(await bar.evaluate((el) => getComputedStyle(el, "::before").opacity));
  await page.mouse.move(5, 5);
  await expect.poll(opacity).toBe(0);
  // a fade started on the bar (a CSS transition of its ::before), running or still in its delay
  const fading = () => bar.evaluate((el) => el.getAnimations({ subtree: true }).length > 0);
  await page.clock.pauseAt(new Date("2026-11-22T11:00:00Z")); // from here time moves only when told
  await area.hover();
  await expect.poll(opacity).toBeCloseTo(0.6);
  // stays while the pointer rests over it: SimpleBar's own hide (175 ms after the pointer enters)
  // goes off, and the bar neither fades nor starts to
  await page.clock.runFor(1000);
  expect(await fading()).toBe(false);
  expect(await opacity()).toBeCloseTo(0.6);
  await page.clock.resume();
  await page.mouse.move(5, 5);
  expect(await bar.evaluate((el) => getComputedStyle(el, "::before").transitionDelay)).toBe("0.3s");
  expect(await fading()).toBe(true);
  await expect.poll(opacity, { timeout: 2000 }).toBe(0);
  // the native box still scrolls, by wheel as by keyboard
  const scroller = root.locator(".simplebar-content-wrapper");
  await scroller.evaluate((el) => el.scrollBy(0, 200));
  expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe("sliders per breakpoint", () => {
  for (const [width, perView, gap] of [
    [375, 1, 40],
    [800, 3, 20],
    [1200, 4, 30],
  ] as const) {
    test(`home «Новинки» list slider at ${width} px: ${perView} per view, gap ${gap}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await hydrated(page);
      const slider = page.getByRole("group", { name: "Новинки" });
      await slider.scrollIntoViewIfNeeded();
      await expect(slider.locator(".swiper-initialized")).toHaveCount(1);
      const g = await slideGeometry(slider);
      expect(Math.round(g.gap)).toBe(gap);
      expect(Math.abs(g.width - (g.container - (perView - 1) * gap) / perView)).toBeLessThan(1.5);
    });
  }

  for (const [width, gap] of [
    [375, 20],
    [800, 40],
    [1200, 30],
  ] as const) {
    test(`about common slider at ${width} px: one slide, gap ${gap}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/about/");
      await hydrated(page);
      const slider = page.getByRole("group", { name: "Фотографии: Москва" });
      await slider.scrollIntoViewIfNeeded();
      await expect(slider.locator(".swiper-initialized")).toHaveCount(1);
      const g = await slideGeometry(slider);
      expect(Math.round(g.gap)).toBe(gap);
      expect(Math.abs(g.width - g.container)).toBeLessThan(1.5);
    });
  }
});

test.describe("tabs on /about/", () => {
  test("city tabs switch panels and the hidden slider re-measures when shown", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/about/");
    await hydrated(page);
    const tabs = page.getByRole("tablist", { name: "Города" });
    const kazan = tabs.getByRole("tab", { name: "Казань" });
    await kazan.click();
    await expect(kazan).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel", { name: "Казань" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("проспект Ямашева");
    await expect(page.getByRole("tabpanel", { name: "Москва" })).toBeHidden();
    const g = await slideGeometry(page.getByRole("group", { name: "Фотографии: Казань" }));
    expect(g.container).toBeGreaterThan(200);
    expect(Math.abs(g.width - g.container)).toBeLessThan(1.5);
    // arrows move between tabs too
    await kazan.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "Санкт-Петербург" })).toHaveAttribute("aria-selected", "true");
    expect(errors).toEqual([]);
  });

  test("a loading tab fetches its content by POST once; clicking the active tab does nothing", async ({ page }) => {
    await page.goto("/about/");
    await hydrated(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/content/tab/")) posts.push(r.postData() ?? "");
    });
    const tabs = page.getByRole("tablist", { name: "Полезно знать" });
    await expect(page.getByRole("tabpanel", { name: "Доставка" })).toContainText("Способы получения");
    const payment = tabs.getByRole("tab", { name: "Оплата" });
    await payment.click();
    await expect(page.getByRole("tabpanel", { name: "Оплата" })).toContainText("Картой на сайте");
    expect(posts).toEqual(["ajax=page&id=payment"]);
    await payment.click();
    await tabs.getByRole("tab", { name: "Доставка" }).click();
    await payment.click();
    await expect(page.getByRole("tabpanel", { name: "Оплата" })).toBeVisible();
    expect(posts).toHaveLength(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("a failed load says so and can be retried", async ({ page }) => {
    await page.goto("/about/");
    await hydrated(page);
    let fail = true;
    await page.route("**/content/tab/", (route) => (fail ? route.fulfill({ status: 500, body: "" }) : route.continue()));
    const tabs = page.getByRole("tablist", { name: "Полезно знать" });
    await tabs.getByRole("tab", { name: "Гарантия и возврат" }).click();
    await expect(page.getByRole("alert")).toContainText("Не удалось загрузить вкладку «Гарантия и возврат»");
    await expect(page.locator(".tabs__loader")).toHaveCount(0);
    await expect(tabs.getByRole("tab", { name: "Доставка" })).toHaveAttribute("aria-selected", "true");
    fail = false;
    await page.getByRole("button", { name: "Повторить" }).click();
    await expect(page.getByRole("tabpanel", { name: "Гарантия и возврат" })).toBeVisible();
  });

  test("without JavaScript the tabs are links to the city or the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about/");
    await page.getByRole("tab", { name: "Казань" }).click();
    await expect(page).toHaveURL(/showroom=2/);
    await expect(page.getByRole("tabpanel", { name: "Казань" })).toContainText("проспект Ямашева");
    await expect(page.getByRole("tab", { name: "Оплата" })).toHaveAttribute("href", "/payment/");
    await context.close();
  });
});

test("screens of /about/ and the home page at 375 and 1280 px, axe clean", async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url] of [
      ["about", "/about/"],
      ["home", "/"],
    ] as const) {
      await page.goto(url);
      await hydrated(page);
      // reveal everything before the full-page shot: a screen at a time, each position seen by
      // the reveal observers (they report at the rendering step, before the next frame's callbacks)
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
        const goal = await page.evaluate(() => Math.min(window.scrollY + 600, document.documentElement.scrollHeight - window.innerHeight));
        await page.mouse.wheel(0, 600);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(goal - 1);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
      await expect(page.locator(".reveal[data-reveal=pending]")).toHaveCount(0);
      // and every block has finished its 400 ms fade-up
      for (const block of await page.locator(".reveal[data-reveal=shown]").all()) {
        await expect(block).toHaveCSS("opacity", "1");
        await expect(block).toHaveCSS("transform", "none");
      }
      await page.screenshot({ path: `test-results/screens/extras-${name}-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);
    }
  }
});
