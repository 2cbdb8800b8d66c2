// The plain-text side of 1C's «Обмен с сайтом» (CommerceML 2, decision 087): its credentials,
// the file names it may send, and the answers it reads (lines: `success`, `failure`, `progress`).

/** how many bytes one `mode=file` request may carry; `mode=init` tells 1C this as file_limit */
export const EXCHANGE_FILE_LIMIT = 8 * 1024 * 1024;
/** all files of one exchange session together, zip archives unpacked included */
export const EXCHANGE_SESSION_MAX_BYTES = 256 * 1024 * 1024;
/** the cookie 1C sends back on every request after `checkauth` */
export const EXCHANGE_COOKIE = "vitrina_exchange";

/** `Authorization: Basic …` → login and password (UTF-8), or null */
export function parseBasicAuth(header: string | null): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const text = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon <= 0) return null;
  return { login: text.slice(0, colon).trim().toLowerCase(), password: text.slice(colon + 1) };
}

const NAME = /^[A-Za-z0-9_.\-/]{1,200}$/;

/**
 * The file name 1C sent, if it is safe to store: only Latin letters, digits and `_.-/`, no `..`,
 * no absolute path, no empty segment; a file with a folder only under `import_files/` (pictures).
 * A zip archive's entries are checked with the same rule, so «zip slip» cannot leave the session.
 */
export function safeExchangeName(name: string): string | null {
  if (!NAME.test(name) || name.startsWith("/")) return null;
  const parts = name.split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return null;
  if (parts.length > 1 && parts[0] !== "import_files") return null;
  return name;
}

/** an answer 1C reads: its lines joined with `\n` */
export function exchangeAnswer(...lines: string[]): string {
  return lines.join("\n");
}
