import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";

// A content manager works on «Детская» (no other browser test reads it): adds a subsection,
// moves it up with the keyboard, hides a filter and sees it gone from the storefront; then puts
// the filters back. The tree must fit a phone (375 px) as well as a desk.
const WIDTHS = [1280, 375] as const;

/** One section's row in the tree: its title link, counts, links and «Выше»/«Ниже». */
/** A filter group's heading in the storefront's panel (in the DOM at every width; on phones the panel opens over the page). */
const filterGroup = (page: Page, title: string) => page.locator(".filter-panel legend.facet__title").filter({ hasText: new RegExp(`^${title}$`) });

const treeRow = (page: Page, title: string) => page.locator(".section-tree__row").filter({ has: page.getByRole("link", { name: title, exact: true }) });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a content manager adds a subsection, moves it up with the keyboard and hides a filter from the storefront", async ({ page, browser }) => {
      const errors = watchConsole(page);
      const title = `Детские пуфы ${width}`;
      await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, "/admin/sections/");
      await expect(page.getByRole("heading", { level: 1, name: "Разделы" })).toBeVisible();
      await expectNoSidewaysScroll(page);

      const add = page.getByRole("form", { name: "Новый раздел" });
      await add.getByLabel("Название").fill(title);
      await add.getByLabel("Родительский раздел").selectOption({ label: "Детская" });
      await add.getByRole("button", { name: "Добавить раздел" }).click();
      await expect(page.getByRole("status")).toHaveText(`Раздел «${title}» добавлен.`);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      // the new subsection is last under «Детская»: «Ниже» is disabled, «Выше» moves it
      const children = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: "Детская", exact: true }) })
        .locator(":scope > ul > li > .section-tree__row > .section-tree__title");
      const added = await children.allTextContents();
      expect(added.at(-1)).toBe(title);
      // two places up
      const expected = [...added.slice(0, -3), title, ...added.slice(-3, -1)];
      const row = treeRow(page, title);
      await expect(row.getByRole("button", { name: "Ниже" })).toBeDisabled();
      const up = row.getByRole("button", { name: "Выше" });
      await up.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\?moved=\d+&dir=up$/);
      await expect(up).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(up).toBeFocused();
      await expect(children).toHaveText(expected);

      const shopper = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await shopper.newPage();
      await visitor.goto("/catalog/detskaya/");
      await expect(visitor.locator(".subsection-links").getByRole("link")).toHaveText(expected);
      await expect(filterGroup(visitor, "Бренд")).toHaveCount(1);

      // the section's page: «Бренд» no longer offered
      await page.getByRole("link", { name: "Детская", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Детская" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      const facets = page.getByRole("form", { name: "Фильтры на витрине" });
      await facets.getByRole("row", { name: /Бренд/ }).getByRole("checkbox", { name: "Показывать в фильтрах" }).uncheck();
      await facets.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByRole("status")).toHaveText("Сохранено.");
      await expect(facets.getByRole("row", { name: /Бренд/ }).getByRole("checkbox", { name: "Показывать в фильтрах" })).not.toBeChecked();
      await expectNoSeriousA11yViolations(page);

      await visitor.reload();
      await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Детская");
      await expect(filterGroup(visitor, "Бренд")).toHaveCount(0);
      await expect(filterGroup(visitor, "Цена")).toHaveCount(1);
      await shopper.close();

      // and back as it was, for the next width
      await facets.getByRole("button", { name: "Сбросить набор" }).click();
      await expect(facets.getByRole("button", { name: "Сбросить набор" })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}
