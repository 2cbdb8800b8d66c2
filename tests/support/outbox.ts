// Reads the mail the app wrote to its outbox (MAIL_OUTBOX_DIR): one JSON file per message.
import fs from "node:fs";
import path from "node:path";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  at: string;
}

/** Every message in the outbox, oldest first; only those to `to` when given. */
export function readOutbox(dir: string, to?: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && !f.startsWith("."))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as OutboxMail)
    .filter((m) => to === undefined || m.to === to.trim().toLowerCase());
}

/** The last message to `to`; fails when there is none. */
export function lastMailTo(dir: string, to: string): OutboxMail {
  const mail = readOutbox(dir, to).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${dir}`);
  return mail;
}

/** The path of the registration confirmation link in a message (`/register/confirm/<token>/`). */
export function confirmationPath(mail: OutboxMail): string {
  const match = /https?:\/\/[^\s/]+(\/register\/confirm\/[A-Za-z0-9_-]+\/)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in the mail «${mail.subject}»`);
  return match[1]!;
}
