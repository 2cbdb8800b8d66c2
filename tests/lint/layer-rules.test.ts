// The lint guards of the house's layers and feature boundaries fail on a violation
// (docs/architecture.md, «Rules»): these run our real ESLint configuration over small sources
// placed, by name, where a violation would live.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const restrictedImports = (filePath: string, code: string) => problems(filePath, code, "no-restricted-imports");
const featureEntries = (filePath: string, code: string) => problems(filePath, code, "vitrina/feature-entries");

describe("layer guards in the lint configuration", () => {
  it("refuse server/, React and react-router in a feature's server code", async () => {
    expect(
      await restrictedImports("app/features/orders/example.server.ts", 'import type { Mailer } from "../../../server/mailer.ts";\nexport type M = Mailer;\n'),
    ).toEqual([expect.stringContaining("must not import server/")]);
    expect(await restrictedImports("app/features/orders/example.server.ts", 'import { redirect } from "react-router";\nexport const r = redirect;\n')).toEqual([
      expect.stringContaining("must not import react-router"),
    ]);
    expect(await restrictedImports("app/features/orders/example.server.ts", 'import { useState } from "react";\nexport const s = useState;\n')).toEqual([
      expect.stringContaining("must not import React"),
    ]);
  });

  it("refuse app/features in app/db", async () => {
    expect(
      await restrictedImports("app/db/example.ts", 'import { placeOrder } from "../features/orders/index.server.ts";\nexport const p = placeOrder;\n'),
    ).toEqual([expect.stringContaining("must not import app/features")]);
  });

  it("refuse *.server modules in components, widgets and shared rules", async () => {
    expect(
      await restrictedImports("app/ui/Example.tsx", 'import { findUserById } from "../features/accounts/index.server.ts";\nexport const f = findUserById;\n'),
    ).toEqual([expect.stringContaining("must not import *.server")]);
    expect(await restrictedImports("app/features/cart/Example.tsx", 'import { readCart } from "./cart.server.ts";\nexport const r = readCart;\n')).toEqual([
      expect.stringContaining("must not import *.server"),
    ]);
  });

  it("let the allowed imports through", async () => {
    expect(
      await restrictedImports(
        "app/features/orders/example.server.ts",
        'import type { Mailer } from "../../lib/ports.ts";\nimport type { Db } from "../../db/database.server.ts";\nexport type M = [Mailer, Db];\n',
      ),
    ).toEqual([]);
  });
});

describe("feature boundaries in the lint configuration", () => {
  it("refuse a deep import into another feature, from a feature, a route or the server", async () => {
    const deep = 'import { placeOrder } from "../orders/orders.server.ts";\nexport const p = placeOrder;\n';
    expect(await featureEntries("app/features/checkout/example.server.ts", deep)).toEqual([
      expect.stringContaining("Import feature «orders» through its entry point"),
    ]);
    expect(await featureEntries("app/routes/example.tsx", 'import { CartView } from "../features/cart/CartView.tsx";\nexport const C = CartView;\n')).toEqual([
      expect.stringContaining("Import feature «cart» through its entry point"),
    ]);
    expect(
      await featureEntries("server/example.ts", 'import { listOrders } from "../app/features/orders/admin-orders.server.ts";\nexport const l = listOrders;\n'),
    ).toEqual([expect.stringContaining("Import feature «orders» through its entry point")]);
    // a lazily loaded module is a deep import too
    expect(await featureEntries("app/features/delivery/Example.tsx", 'export const load = () => import("../content/LeafletMap.client.tsx");\n')).toEqual([
      expect.stringContaining("Import feature «content» through its entry point"),
    ]);
  });

  it("refuse React components in server code and in plain modules, which Node runs", async () => {
    expect(
      await featureEntries("app/features/orders/example.server.ts", 'import { CartView } from "../cart/components.ts";\nexport const C = CartView;\n'),
    ).toEqual([expect.stringContaining("must not import React components")]);
    expect(await featureEntries("app/features/orders/rule.ts", 'import { Icon } from "../../ui/Icon.tsx";\nexport const I = Icon;\n')).toEqual([
      expect.stringContaining("must not import React components"),
    ]);
  });

  it("let entry points, a feature's own files, stylesheets and type-only imports through", async () => {
    const code = [
      'import { placeOrder } from "../orders/index.server.ts";',
      'import { ORDER_STATUSES } from "../orders/index.ts";',
      'import { readCart } from "./cart.server.ts";',
      'import type { CartView } from "../cart/components.ts";',
      'import "../orders/admin/orders.css";',
      "export const all = [placeOrder, ORDER_STATUSES, readCart];",
      "export type C = typeof CartView;",
      "",
    ].join("\n");
    expect(await featureEntries("app/features/checkout/example.server.ts", code)).toEqual([]);
    expect(await featureEntries("app/routes/example.tsx", 'import { CartView } from "../features/cart/components.ts";\nexport const C = CartView;\n')).toEqual(
      [],
    );
  });

  it("hold for the whole tree: every feature's entry points re-export only its own files", () => {
    const features = fs.readdirSync(path.join(root, "app/features"));
    expect(features.length).toBeGreaterThan(15);
    for (const feature of features) {
      for (const entry of ["index.ts", "index.server.ts", "components.ts"]) {
        const file = path.join(root, "app/features", feature, entry);
        if (!fs.existsSync(file)) continue;
        for (const [, spec] of fs.readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)) {
          expect(spec, `${feature}/${entry}`).toMatch(/^\.\//);
          if (entry === "index.ts") expect(spec, `${feature}/index.ts re-exports only plain modules`).toMatch(/^\.\/(?!.*\.server\.ts$)[^"]*\.ts$/);
          if (entry === "index.server.ts") expect(spec, `${feature}/index.server.ts`).toMatch(/\.(server|worker)\.ts$/);
          if (entry === "components.ts") expect(spec, `${feature}/components.ts re-exports components and hooks`).toMatch(/\.tsx$|\/use-[\w-]+\.ts$/);
          // what index.ts offers is loaded by plain Node (the server's configuration, scripts):
          // a module that loads React belongs in components.ts
          if (entry === "index.ts") {
            const source = fs.readFileSync(path.join(root, "app/features", feature, spec!), "utf8");
            expect(source, `${feature}/${spec} is re-exported by index.ts but loads React`).not.toMatch(
              /^import (?!type\b)[^;]*from "react(-dom|-router)?(\/[^"]*)?";/m,
            );
          }
        }
      }
    }
  });
});
