// Outgoing mail behind a small interface: nodemailer over SMTP when SMTP_URL is set; otherwise
// the message is written to the log at info level, so a developer can follow a reset link
// without a mail server (and nothing is silently dropped).
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from?: string; logger: Logger }): Mailer {
  const from = options.from ?? "Витрина <noreply@vitrina.local>";
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info({ mail: message }, "mail not sent (SMTP_URL is not set): logged instead");
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
