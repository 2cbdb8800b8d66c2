import { expect, test, type Page } from "@playwright/test";
import { activePromos } from "../../app/features/promo/seasonal-promos.ts";

async function openDelivery(page: Page) {
  await page.goto("/delivery/");
  // the widgets swap in once React runs
  await expect(page.getByRole("combobox", { name: "Город доставки" })).toHaveAttribute("aria-autocomplete", "list");
}

test.describe("widgets on the delivery calculator", () => {
  test("the city select (20 options) searches as you type", async ({ page }) => {
    await openDelivery(page);
    const city = page.getByRole("combobox", { name: "Город доставки" });
    const type = async (text: string) => {
      await city.click();
      await city.press("Control+A");
      await city.press("Backspace");
      await city.pressSequentially(text);
    };
    await type("каз");
    const list = page.getByRole("listbox");
    await expect(list.getByRole("option", { name: "Казань" })).toBeVisible();
    await expect(list.getByRole("option", { name: "Москва" })).toHaveCount(0);
    await type("зззз");
    await expect(page.getByText("Ничего не найдено")).toBeVisible();
    await type("Тул");
    await list.getByRole("option", { name: "Тула" }).click();
    await expect(page.locator("input[type=hidden][name=city]")).toHaveValue("Тула");
    await expect(page.getByText("В город Тула заказ отвезёт транспортная компания", { exact: false })).toBeVisible();
  });

  test("the date picker picks a range (Sundays and past days unavailable) in Y-m-d", async ({ page }) => {
    // The calendar offers the 30 days after tomorrow in the visitor's browser. Seen on a Wednesday, so
    // the month shown has three free days in a row before a Sunday: late in a real month (a Saturday
    // the 28th) it has fewer, and the third click would wait for a day the month does not show.
    await page.clock.setFixedTime(new Date("2026-11-25T10:00:00+03:00"));
    await openDelivery(page);
    const picker = page.locator(".date-picker__wrap[data-mode=range]");
    await picker.getByRole("button", { name: "Открыть календарь" }).click();
    const dialog = page.getByRole("dialog", { name: "Удобные даты доставки" });
    await expect(dialog).toBeVisible();
    const free = dialog.locator(".date-picker__cell:not([data-disabled]):not([data-unavailable]):not([data-outside-month])");
    await expect(free.first()).toBeVisible();
    await free.nth(0).click();
    await free.nth(2).click();
    await expect(dialog).toBeHidden();
    const from = await page.locator("input[name='dates[from]']").inputValue();
    const to = await page.locator("input[name='dates[to]']").inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(to > from).toBe(true);
    await expect(picker.locator(".date-picker__label")).toHaveAttribute("data-filled", "true");
    await page.screenshot({ path: "test-results/screens/delivery-widgets-1280.png", fullPage: true });
  });

  test("the index mask takes digits only", async ({ page }) => {
    await openDelivery(page);
    const zip = page.getByRole("textbox", { name: "Почтовый индекс" });
    await zip.pressSequentially("12ab34-567");
    await expect(zip).toHaveValue("123456");
  });
});

test("the home promo slider shows one slide at a time and moves with its arrows", async ({ page }) => {
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Акции и новости" });
  // the slides running today (the server and the test read the same calendar)
  const running = activePromos(Date.now());
  expect(running.length).toBeGreaterThan(1);
  await expect(slider.locator(".swiper-slide")).toHaveCount(running.length);
  await expect(slider.locator(".swiper-slide-active")).toContainText(running[0]!.title);
  await slider.getByRole("button", { name: "Следующий слайд" }).click();
  await expect(slider.locator(".swiper-slide-active")).toContainText(running[1]!.title);
  const [a, b] = await slider.locator(".swiper-slide").evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect()));
  // one slide per view, 10 px apart
  expect(Math.round(b!.left - a!.right)).toBe(10);
});
