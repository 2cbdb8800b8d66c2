// Outgoing mail behind a small interface: nodemailer over SMTP when SMTP_URL is set; otherwise
// the message is written to the log at info level, so a developer can follow a reset link
// without a mail server (and nothing is silently dropped). With MAIL_OUTBOX_DIR every message is
// also written there as one JSON file ({to, subject, text, at}), for tests and developers.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Mailer, MailMessage } from "../app/lib/ports.ts";

export type { Mailer } from "../app/lib/ports.ts";

export function createMailer(options: { smtpUrl?: string; from?: string; logger: Logger; outboxDir?: string }): Mailer {
  const from = options.from ?? "Витрина <noreply@vitrina.local>";
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      if (options.outboxDir) await writeToOutbox(options.outboxDir, message);
      if (transport) await transport.sendMail({ from, ...message });
      else options.logger.info({ mail: message }, "mail not sent (SMTP_URL is not set): logged instead");
    },
  };
}

// Two messages sent in the same millisecond must still list in sending order, so the name carries
// a per-process counter after the time (the random tail only keeps processes apart).
let outboxSequence = 0;

/** One file per message, named so that a directory listing sorts by time; written whole or not at all. */
async function writeToOutbox(dir: string, message: MailMessage): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const at = new Date();
  outboxSequence += 1;
  const name = `${at.getTime()}-${String(outboxSequence).padStart(9, "0")}-${crypto.randomBytes(6).toString("hex")}.json`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.writeFile(tmp, JSON.stringify({ to: message.to, subject: message.subject, text: message.text, at: at.toISOString() }, null, 2) + "\n");
  await fs.rename(tmp, path.join(dir, name));
}
