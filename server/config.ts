// Environment is validated once at boot; a bad value stops the process with a clear message
// instead of failing later under load.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).default("data/vitrina.db"),
  /** PostgreSQL schema (search_path) to use; created when missing */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, "lower-case letters, digits and _").optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  MEDIA_DIR: z.string().min(1).default("data/media"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** extra origins allowed to POST (comma separated), e.g. behind a proxy with another host name */
  ALLOWED_ORIGINS: z.string().default(""),
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  /** skip the demo seed on an empty database */
  SEED_DEMO: z.enum(["0", "1", "true", "false"]).default("1"),
  /** private uploads (profile files), never served as static files */
  UPLOAD_DIR: z.string().min(1).default("data/uploads"),
  /** e.g. smtps://user:pass@smtp.example.ru:465; without it mail is written to the log */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
});

export interface AppConfig {
  /** "local" when NODE_ENV is unset: `npm start` on a developer's machine */
  env: "production" | "development" | "test" | "local";
  port: number;
  host: string | undefined;
  databaseUrl: string;
  databaseSchema: string | undefined;
  sessionSecret: string;
  mediaDir: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  allowedOrigins: string[];
  trustProxy: boolean;
  seedDemo: boolean;
  /** defaults to `uploads` beside MEDIA_DIR when absent (tests build configs by hand) */
  uploadDir?: string;
  smtpUrl?: string;
  mailFrom?: string;
}

const truthy = (v: string) => v === "1" || v === "true";

export function loadConfig(env: NodeJS.ProcessEnv = process.env, dataDir = "data"): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  let secret = e.SESSION_SECRET;
  if (!secret) {
    if (e.NODE_ENV === "production") {
      throw new Error("Invalid environment:\n  SESSION_SECRET: required in production (32+ characters)");
    }
    secret = localSecret(dataDir);
  }
  return {
    env: e.NODE_ENV ?? "local",
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sessionSecret: secret,
    mediaDir: path.resolve(e.MEDIA_DIR),
    logLevel: e.LOG_LEVEL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean),
    trustProxy: truthy(e.TRUST_PROXY),
    seedDemo: truthy(e.SEED_DEMO),
    uploadDir: path.resolve(e.UPLOAD_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}

/** Outside production a secret is generated once and kept in data/, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
