import { describe, expect, it } from "vitest";
import { CSV_UPLOAD_MAX_BYTES } from "../app/features/catalog-csv/index.server.ts";
import { PRODUCT_FORM_MAX_BYTES } from "../app/features/media/index.server.ts";
import { EXCHANGE_FILE_LIMIT } from "../app/features/exchange-1c/index.ts";
import { bodyLimitFor, FORM_MAX_BYTES } from "./body-limits.ts";

describe("bodyLimitFor", () => {
  it("gives the product form room for its pictures, and only the product form", () => {
    expect(bodyLimitFor("/admin/products/new/").bytes).toBe(PRODUCT_FORM_MAX_BYTES);
    expect(bodyLimitFor("/admin/products/42/").bytes).toBe(PRODUCT_FORM_MAX_BYTES);
    expect(PRODUCT_FORM_MAX_BYTES).toBeLessThanOrEqual(101 * 1024 * 1024);
    expect(bodyLimitFor("/admin/products/").bytes).toBe(FORM_MAX_BYTES);
    expect(bodyLimitFor("/admin/products/42/extra/").bytes).toBe(FORM_MAX_BYTES);
  });

  it("counts a data request of an address ending in a slash (`/_.data`) as that page", () => {
    expect(bodyLimitFor("/admin/products/42/_.data").bytes).toBe(PRODUCT_FORM_MAX_BYTES);
    expect(bodyLimitFor("/admin/import/_.data").bytes).toBe(CSV_UPLOAD_MAX_BYTES);
    expect(bodyLimitFor("/_root.data").bytes).toBe(FORM_MAX_BYTES);
  });

  it("lets 1C send parts of file_limit to /exchange/1c/, to anyone (the edge cannot see Basic auth)", () => {
    expect(bodyLimitFor("/exchange/1c/")).toMatchObject({ bytes: EXCHANGE_FILE_LIMIT });
    expect(bodyLimitFor("/exchange/1c/").staffOnly).toBeUndefined();
    expect(bodyLimitFor("/exchange/").bytes).toBe(FORM_MAX_BYTES);
  });
});
