// The shop says the same about itself everywhere (item 7): the hours, the phone and the
// number of showroom cities on home, contacts, about, FAQ and the footer; the catalogue's size on
// the about page is the catalogue's real size; no copy that contradicts the data.
import { expect, test, type Page } from "@playwright/test";
import { activePromos } from "../../app/features/promo/seasonal-promos.ts";
import { expectNoSeriousA11yViolations } from "./support.ts";

const HOURS = "10:00–21:00";
const PHONE = "+7 (495) 123-45-67";
/** The page's words, folded answers included, and the header and footer as shown. */
const text = async (page: Page) =>
  [await page.locator("main").textContent(), await page.locator(".site-header").innerText(), await page.locator(".site-footer").innerText()]
    .join("\n")
    .replace(/\u00A0/g, " ");

/** Showroom cities as the contacts page lists them (the contact points are the data). */
async function showroomCities(page: Page): Promise<number> {
  await page.goto("/contacts/");
  const points = page.locator("#contact-points > li");
  const cities = new Set<string>();
  for (const point of await points.all()) {
    const title = await point.locator(".contact-point__title").innerText();
    const address = await point.locator(".contact-point__address").innerText();
    if (/^Шоурум/.test(title)) cities.add(address.split(",")[0]!.trim());
  }
  return cities.size;
}

for (const width of [375, 1280]) {
  test.describe(`shop facts at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("hours, phone and the showroom cities agree on every page", async ({ page }) => {
      const cities = await showroomCities(page);
      expect(cities).toBeGreaterThan(1);
      const phrase = `в ${cities} городах`;
      const pages: [string, RegExp | null][] = [
        ["/", new RegExp(`Шоурумы ${phrase}`)],
        ["/contacts/", new RegExp(`ежедневно с 10:00 до 21:00`)],
        ["/about/", new RegExp(`шоурумы ${phrase} \\(Москва, [^)]+\\)`)],
        ["/faq/", new RegExp(`шоурумах ${phrase}`)],
        ["/delivery/", /Склад выдаёт заказы ежедневно с 10:00 до 21:00/],
      ];
      for (const [path, says] of pages) {
        await page.goto(path);
        const body = await text(page);
        // the footer holds the same phone and hours on every page
        await expect(page.locator(".site-footer")).toContainText(PHONE);
        await expect(page.locator(".site-footer")).toContainText(HOURS);
        if (says) expect(body, path).toMatch(says);
        for (const wrong of ["в трёх городах", "4 200", "9:00–21:00", "с 9:00", "в чат", "{{"]) expect(body, `${path}: ${wrong}`).not.toContain(wrong);
      }
      await page.screenshot({ path: `test-results/screens/faq-facts-${width}.png` });
      await expectNoSeriousA11yViolations(page);
    });

    test("the about page counts the catalogue the catalogue has", async ({ page }) => {
      await page.goto("/catalog/");
      const counts = await page.locator(".section-grid__item > .section-grid__body > .section-grid__count").allInnerTexts();
      const total = counts.reduce((sum, c) => sum + Number(c.replace(/\D/g, "")), 0);
      expect(total).toBeGreaterThan(100);
      await page.goto("/about/");
      const figure = page.locator(".counters li").filter({ hasText: "в каталоге" });
      await figure.scrollIntoViewIfNeeded();
      await expect.poll(async () => Number((await figure.innerText()).replace(/\D/g, ""))).toBe(total);
      await expect(page.locator(".counters li").filter({ hasText: "лет работаем" })).toContainText(/^\d+ лет работаем/);
      await page.screenshot({ path: `test-results/screens/about-figures-${width}.png` });
    });

    test("the promo slider shows only what runs today, never a spring collection out of season", async ({ page }) => {
      await page.goto("/");
      const slides = page.getByRole("region", { name: "Акции и новости" }).locator(".promo-slide__title");
      const running = activePromos(Date.now()).map((p) => p.title);
      await expect(slides).toHaveText(running);
      const month = new Date().getUTCMonth() + 1;
      if (month >= 6 || month <= 2) await expect(slides.filter({ hasText: "Весенняя коллекция" })).toHaveCount(0);
    });
  });
}
