import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createMailer } from "./mailer.ts";

describe("the mail outbox (MAIL_OUTBOX_DIR)", () => {
  it("is read from the environment as an absolute folder, and is off by default", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-config-"));
    expect(loadConfig({}, dir).mailOutboxDir).toBeUndefined();
    expect(loadConfig({ MAIL_OUTBOX_DIR: "data/outbox" }, dir).mailOutboxDir).toBe(path.resolve("data/outbox"));
  });

  it("gets every message as one JSON file {to, subject, text, at}, in sending order", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-outbox-")), "outbox");
    const mailer = createMailer({ logger: pino({ level: "silent" }), outboxDir: dir });
    await mailer.send({ to: "anna@example.ru", subject: "Первое", text: "Здравствуйте!\nСсылка: http://shop.example/x/" });
    await mailer.send({ to: "boris@example.ru", subject: "Второе", text: "…" });
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".json"))).toBe(true);
    const [first, second] = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, string>);
    expect(first).toMatchObject({ to: "anna@example.ru", subject: "Первое", text: "Здравствуйте!\nСсылка: http://shop.example/x/" });
    expect(Object.keys(first!).sort()).toEqual(["at", "subject", "text", "to"]);
    expect(Number.isNaN(Date.parse(first!.at!))).toBe(false);
    expect(second!.subject).toBe("Второе");
  });
});
