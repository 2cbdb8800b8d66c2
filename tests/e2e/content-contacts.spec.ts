import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support.ts";

// The map must work with no tile server at all (offline, blocked network).
async function blockTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort("blockedbyclient"));
}

test.describe("contacts page with the map, tiles blocked", () => {
  test("wide screen: one marker per point, a 340 px popup with the point's details, the toggle", async ({ page }) => {
    await blockTiles(page);
    await page.goto("/contacts/");
    await expect(page.getByRole("heading", { level: 1, name: "Контакты" })).toBeVisible();
    const list = page.locator("#contact-points");
    const points = list.locator("> li");
    await expect(points).toHaveCount(5);
    await expect(list.getByRole("link", { name: "+7 (495) 123-45-67" })).toHaveAttribute("href", "tel:+74951234567");
    await expect(list.getByRole("link", { name: "spb@vitrina.example" })).toHaveAttribute("href", "mailto:spb@vitrina.example");

    const map = page.locator(".contacts-map__map");
    await expect(map).toBeVisible();
    const markers = map.locator(".leaflet-marker-icon");
    await expect(markers).toHaveCount(5, { timeout: 15_000 });
    // initial zoom 6: the tile layer asks for zoom-6 tiles
    await expect(map.locator("img.leaflet-tile").first()).toHaveAttribute("src", /\/6\/\d+\/\d+\.png$/);

    // the two Moscow markers overlap at zoom 6, so the marker is activated by keyboard (Leaflet: Enter)
    const marker = map.getByRole("button", { name: "Шоурум на Ленинградском проспекте" });
    await marker.focus();
    await marker.press("Enter");
    const popup = map.locator(".leaflet-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading", { name: "Шоурум на Ленинградском проспекте" })).toBeVisible();
    await expect(popup).toContainText("Ленинградский проспект, 62");
    await expect(popup.getByRole("link", { name: "+7 (495) 123-45-68" })).toHaveAttribute("href", "tel:+74951234568");
    await expect(popup.getByRole("link", { name: "hello@vitrina.example" })).toHaveAttribute("href", "mailto:hello@vitrina.example");
    const box = await popup.locator(".leaflet-popup-content").boundingBox();
    expect(Math.round(box!.width)).toBe(340);
    await page.screenshot({ path: "test-results/screens/contacts-1280.png", fullPage: true });

    await page.getByRole("button", { name: "Скрыть карту" }).click();
    await expect(map).toBeHidden();
    await page.getByRole("button", { name: "Показать карту" }).click();
    await expect(page.locator(".contacts-map__map .leaflet-marker-icon")).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);
  });

  test("below 992 px a marker selects its point in the list instead of opening a popup", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await blockTiles(page);
    await page.goto("/contacts/");
    const map = page.locator(".contacts-map__map");
    await expect(map.locator(".leaflet-marker-icon")).toHaveCount(5, { timeout: 15_000 });
    await map.getByRole("button", { name: "Шоурум на Ленинградском проспекте" }).dispatchEvent("click");
    await expect(map.locator(".leaflet-popup")).toHaveCount(0);
    await expect(page.locator("#contact-points > li").first()).toHaveClass(/contact-point--selected/);
    await page.screenshot({ path: "test-results/screens/contacts-375.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
