// Plain pages for answers given before React renders (forged requests, rate limits, broken
// URLs, crashes): Russian text, no stack trace, JSON for API callers.
import type { Request, Response } from "express";

const TITLES: Record<number, string> = {
  400: "Некорректный запрос",
  403: "Доступ запрещён",
  404: "Страница не найдена",
  413: "Слишком большой запрос",
  421: "Неверный адрес сайта",
  429: "Слишком много запросов",
  500: "Что-то пошло не так",
  503: "Сервис временно недоступен",
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export const SERVER_ERROR_MESSAGE = "Произошла ошибка на сервере. Попробуйте обновить страницу через минуту.";
export const NOT_FOUND_MESSAGE = "Такой страницы нет. Проверьте адрес или перейдите в каталог.";
export const UNAVAILABLE_MESSAGE = "Магазин ненадолго недоступен: база данных не отвечает. Пожалуйста, попробуйте через минуту.";

export function wantsJson(req: Request): boolean {
  return Boolean(req.is("application/json")) || (req.get("accept") ?? "").startsWith("application/json");
}

export function sendErrorPage(req: Request, res: Response, status: number, message: string): void {
  if (res.headersSent) return;
  if (wantsJson(req)) {
    res.status(status).json({ error: message });
    return;
  }
  res.status(status).type("html").send(errorPageHtml(status, message));
}

/** The plain Russian error page itself (also thrown as a Response from inside the router). */
export function errorPageHtml(status: number, message: string): string {
  const title = TITLES[status] ?? TITLES[500]!;
  return (
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)} — Витрина</title>` +
    `<style>body{font-family:system-ui,sans-serif;background:#FAF8F5;color:#1F1D1A;margin:0;display:grid;place-items:center;min-height:100vh}` +
    `main{max-width:32rem;padding:24px}a{color:#2F5D50}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">На главную</a></p></main></body></html>`
  );
}
