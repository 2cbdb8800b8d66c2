// The lint guards of the house's layers fail on a violation (issue 11): these run our real ESLint
// configuration over small sources placed, by name, where a violation would live.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer guards in the lint configuration", () => {
  it("refuse server/, React and react-router in app/domain", async () => {
    expect(await restrictedImports("app/domain/example.server.ts", 'import type { Mailer } from "../../server/mailer.ts";\nexport type M = Mailer;\n')).toEqual(
      [expect.stringContaining("must not import server/")],
    );
    expect(await restrictedImports("app/domain/example.server.ts", 'import { redirect } from "react-router";\nexport const r = redirect;\n')).toEqual([
      expect.stringContaining("must not import react-router"),
    ]);
    expect(await restrictedImports("app/domain/example.server.ts", 'import { useState } from "react";\nexport const s = useState;\n')).toEqual([
      expect.stringContaining("must not import React"),
    ]);
  });

  it("refuse app/domain in app/db", async () => {
    expect(
      await restrictedImports("app/db/seed/example.ts", 'import { placeOrder } from "../../domain/orders.server.ts";\nexport const p = placeOrder;\n'),
    ).toEqual([expect.stringContaining("must not import app/domain")]);
  });

  it("refuse *.server modules in components, ui and lib", async () => {
    expect(
      await restrictedImports("app/ui/Example.tsx", 'import { findUserById } from "../domain/users.server.ts";\nexport const f = findUserById;\n'),
    ).toEqual([expect.stringContaining("must not import *.server")]);
  });

  it("let the allowed imports through", async () => {
    expect(
      await restrictedImports(
        "app/domain/example.server.ts",
        'import type { Mailer } from "./ports.ts";\nimport type { Db } from "../db/database.server.ts";\nexport type M = [Mailer, Db];\n',
      ),
    ).toEqual([]);
  });
});
