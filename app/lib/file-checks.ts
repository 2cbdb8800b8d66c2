// Checks shared by the upload widget (before sending) and the server (again, never trusting the
// browser): accepted extensions, size limit, display-name sanitising, and the Russian messages.

export const DEFAULT_ACCEPT = ["png", "jpg", "jpeg"] as const;
/** 2 MB per file (docs/behaviour.md «Uploads») */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const FILE_NAME_MAX = 255;

export const FILE_MESSAGES = {
  badType: (name: string) => `Недопустимый формат файла: ${name}`,
  tooLarge: (name: string) => `Файл слишком большой: ${name}`,
  empty: (name: string) => `Файл пустой: ${name}`,
  noFileApi: "Ваш браузер не поддерживает загрузку файлов",
  uploadFailed: "Не удалось загрузить файл, попробуйте ещё раз",
  notImage: (name: string) => `Файл повреждён или это не изображение: ${name}`,
  imageTooLarge: (name: string) => `Слишком большое изображение (больше 40 мегапикселей): ${name}`,
  quota: "Место для ваших файлов закончилось: удалите ненужные и попробуйте снова",
  storage: "Не удалось сохранить файл на сервере. Попробуйте позже",
  noFile: "Выберите файл",
  bodyTooLarge: "Файл слишком большой: можно до 2 МБ",
  notFound: "Файл не найден",
} as const;

/** "png, jpg" or ["png","jpg"] → lower-case extensions without dots. */
export function parseAccept(accept: string | readonly string[]): string[] {
  const list = typeof accept === "string" ? accept.split(/[\s,|]+/) : accept;
  return list.map((e) => e.trim().replace(/^\./, "").toLowerCase()).filter(Boolean);
}

/** The accept attribute for <input type=file>: ".png,.jpg,.jpeg". */
export function acceptAttribute(accept: readonly string[]): string {
  return accept.map((e) => `.${e}`).join(",");
}

/** The last extension, lower-cased, without the dot ("" when there is none). */
export function fileExtension(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** True when the name's last extension is in the list, any case («a.PNG» yes, «a.png.txt» no). */
export function hasAcceptedExtension(name: string, accept: readonly string[]): boolean {
  const ext = fileExtension(name);
  return ext !== "" && accept.includes(ext);
}

export type FileCheck = { ok: true } | { ok: false; message: string };

/** The browser-side check of one picked file (the server repeats it and more). */
export function checkFile(file: { name: string; size: number }, accept: readonly string[], maxBytes: number): FileCheck {
  if (!hasAcceptedExtension(file.name, accept)) return { ok: false, message: FILE_MESSAGES.badType(file.name) };
  if (file.size > maxBytes) return { ok: false, message: FILE_MESSAGES.tooLarge(file.name) };
  if (file.size === 0) return { ok: false, message: FILE_MESSAGES.empty(file.name) };
  return { ok: true };
}

// C0/C1 controls, and the bidirectional overrides, embeddings and isolates that make
// «photo\u202Egnp.exe» look like «photoexe.png».
// eslint-disable-next-line no-control-regex -- control characters are exactly what we remove
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A display name safe to show and to put in a header: no path parts, control or bidi
 * characters, no leading dots, at most 255 characters with the extension kept.
 */
export function sanitizeFileName(raw: string, fallback = "файл"): string {
  let name = raw.normalize("NFC").replace(UNSAFE_CHARS, "");
  name = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  name = name
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "");
  if (!name) return fallback;
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX) return name;
  const ext = fileExtension(name);
  const tail = ext && ext.length < 16 ? `.${ext}` : "";
  return (
    chars
      .slice(0, FILE_NAME_MAX - tail.length)
      .join("")
      .trimEnd() + tail
  );
}
