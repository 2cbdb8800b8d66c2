import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, watchConsole } from "./support.ts";

test.describe("site chrome on wide screens (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("home page renders with header, menu, footer and no console errors", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Мебель и интерьер");
    await expect(page.getByRole("link", { name: /^Корзина/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Сравнение/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Меню" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Главное меню" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/home-1280.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test("submenus open on hover and close when the pointer leaves", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Главное меню" });
    const firstItem = nav.locator(".main-menu__item").first();
    const submenu = firstItem.locator(".main-menu__submenu");
    await expect(submenu).toBeHidden();
    await firstItem.locator(".main-menu__link").hover();
    await expect(submenu).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(submenu).toBeHidden();
  });

  test("the header gets its scroll style after 40 px", async ({ page }) => {
    await page.goto("/");
    // the header listens for scrolling once React runs
    await hydrated(page);
    const header = page.locator("header.site-header");
    await expect(header).not.toHaveClass(/site-header--scrolled/);
    // The header samples the scroll on the animation frame after the browser's scroll event; two
    // frames after that event the sample is taken and React has rendered it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener("scroll", () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
          window.scrollTo(0, 30);
        }),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(30);
    await expect(header).not.toHaveClass(/site-header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 41));
    await expect(header).toHaveClass(/site-header--scrolled/);
  });

  test("the search box toggles open and closed", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Поиск по каталогу" });
    await expect(box).toBeHidden();
    await page.getByRole("button", { name: "Поиск" }).click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    await page.getByRole("button", { name: "Поиск" }).click();
    await expect(box).toBeHidden();
  });

  test("scroll-to-top appears after 600 px, docks above the footer and scrolls up in about 500 ms", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
    await page.goto("/");
    await hydrated(page);
    await page.clock.pauseAt(new Date("2026-11-22T11:00:00Z")); // from here time moves only when told
    const up = page.getByRole("button", { name: "Наверх" });
    await expect(up).toBeHidden();
    // Scroll sampling runs on animation frames, which the fake clock releases. The browser
    // dispatches the scroll event at its next rendering step, so wait for it (the widget's
    // listener then has asked for its frame) before moving the clock.
    const scrollTo = (top: number | "bottom") =>
      page.evaluate(
        (to) =>
          new Promise<void>((resolve) => {
            window.addEventListener("scroll", () => resolve(), { once: true });
            window.scrollTo(0, to === "bottom" ? document.body.scrollHeight : to);
          }),
        top,
      );
    await scrollTo(590);
    await page.clock.runFor(100);
    await expect(up).toBeHidden();
    await scrollTo(650);
    await page.clock.runFor(100);
    await expect(up).toBeVisible();

    await scrollTo("bottom");
    await page.clock.runFor(100);
    await expect(up).toHaveClass(/scroll-top--docked/);
    const upBox = (await up.boundingBox())!;
    const footerBox = (await page.locator("footer.site-footer").boundingBox())!;
    expect(upBox.y + upBox.height).toBeLessThanOrEqual(footerBox.y);

    const bottom = await page.evaluate(() => window.scrollY);
    await up.click();
    await page.clock.runFor(250);
    const midway = await page.evaluate(() => window.scrollY);
    // halfway through the 500 ms linear scroll, not a jump
    expect(midway).toBeGreaterThan(bottom * 0.3);
    expect(midway).toBeLessThan(bottom * 0.7);
    await page.clock.runFor(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // the last scroll event may reach the page after that step; the button hides on the next
    // frame after it, and frames only come as the clock moves
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return up.isHidden();
      })
      .toBe(true);
  });

  test("anchor links scroll smoothly to their target with an offset of 90 px", async ({ page }) => {
    // a fake clock drives the animation frames, so "halfway at 150 ms" holds on a busy machine too
    await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
    await page.goto("/");
    await hydrated(page);
    await page.clock.pauseAt(new Date("2026-11-22T11:00:00Z")); // from here time moves only when told
    // where the block sits in the layout (a block still sliding in must not move the goal)
    const end = await page.evaluate(() => {
      let top = 0;
      for (let n = document.getElementById("popular") as HTMLElement | null; n; n = n.offsetParent as HTMLElement | null) top += n.offsetTop;
      return top - 90;
    });
    await page.getByRole("link", { name: "Популярные товары" }).click();
    await page.clock.runFor(150);
    const midway = await page.evaluate(() => window.scrollY);
    expect(midway).toBeGreaterThan(end * 0.3);
    expect(midway).toBeLessThan(end * 0.7);
    await page.clock.runFor(200);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - end)).toBeLessThanOrEqual(1);
    expect(page.url()).toContain("#popular");
  });

  test("the warning banner stays closed after a reload", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Важное объявление" });
    await expect(banner).toBeVisible();
    // the cookie is named by the banner (a new text from the back office gets a new name)
    const key = await banner.getAttribute("data-type");
    expect(key).toMatch(/^notice-/);
    await banner.getByRole("button", { name: "Закрыть" }).click();
    await expect(banner).toBeHidden();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === key)).toMatchObject({ value: "closed", path: "/" });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Важное объявление" })).toHaveCount(0);
  });

  test("content pages and the 404 page are in Russian and accessible", async ({ page }) => {
    await page.goto("/delivery/");
    await expect(page.getByRole("heading", { level: 1, name: "Доставка" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const res = await page.goto("/no-such-page/");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("site chrome on phones (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("home page fits the screen", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // the compact header keeps the profile; favourites and comparison sit in the bottom bar
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Корзина/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Избранное: 0\s/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Сравнение: 0\s/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/screens/home-375.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test("the menu opens with «Меню», submenus open on tap, a tap outside closes it", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Главное меню" });
    const toggle = page.getByRole("button", { name: "Меню" });
    await expect(nav).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();

    const item = nav.locator(".main-menu__item").first();
    const submenu = item.locator(".main-menu__submenu");
    await expect(submenu).toBeHidden();
    await item.locator(".main-menu__link").click(); // first tap opens instead of leaving
    await expect(submenu).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");

    await page.getByRole("heading", { level: 1 }).click({ force: true });
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await expect(nav).toBeVisible();
    await toggle.click();
    await expect(nav).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the banner closes through its form and stays closed", async ({ page }) => {
    await page.goto("/delivery/");
    const banner = page.getByRole("region", { name: "Важное объявление" });
    await banner.getByRole("button", { name: "Закрыть" }).click();
    await expect(page).toHaveURL(/\/delivery\/$/);
    await expect(page.getByRole("region", { name: "Важное объявление" })).toHaveCount(0);
  });
});
