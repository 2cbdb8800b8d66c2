import { readCookie } from "../lib/cookies.ts";
import type { Route } from "./+types/exchange-1c";
import { clientContext, servicesContext, type Services } from "../context.ts";
import { UploadError } from "../lib/upload-error.ts";
import {
  EXCHANGE_MESSAGES,
  authenticateExchange,
  findExchangeSession,
  openExchangeSession,
  receiveExchangeFile,
  importExchangeFile,
  applyOrdersFile,
  markOrdersExported,
  queryOrdersFor1C,
} from "../features/exchange-1c/index.server.ts";
import type { ExchangeSession } from "../features/exchange-1c/index.server.ts";
import type { StaffActor } from "../features/audit/index.server.ts";
import { readLimitedBody } from "../http/request-body.server.ts";
import { EXCHANGE_COOKIE, EXCHANGE_FILE_LIMIT, exchangeAnswer, parseBasicAuth } from "../features/exchange-1c/index.ts";

// 1C reads plain-text lines; UTF-8 is what current 1C configurations accept (decision 087)
const text = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });
const failure = (reason: string, status = 200, headers: Record<string, string> = {}) => text(exchangeAnswer("failure", reason), status, headers);

/** a `mode=file` body within 1C's part limit, or the `failure` answer to send instead */
async function fileBody(request: Request): Promise<Uint8Array | Response> {
  if (request.method !== "POST") return failure("Файл отправляется методом POST", 405);
  try {
    return await readLimitedBody(request, EXCHANGE_FILE_LIMIT, EXCHANGE_MESSAGES.tooLarge);
  } catch (error) {
    if (error instanceof UploadError) return failure(error.message, error.status, { connection: "close" });
    throw error;
  }
}

/**
 * `/exchange/1c/` — 1C's «Обмен с сайтом» (CommerceML 2). Every request carries Basic auth of
 * an owner or of staff allowed «exchange»; after `checkauth` also the session cookie.
 */
async function exchange({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, rateLimiter } = services;
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const mode = url.searchParams.get("mode");
  const credentials = parseBasicAuth(request.headers.get("authorization"));
  if (!credentials) return failure(EXCHANGE_MESSAGES.wrongPassword, 401, { "www-authenticate": 'Basic realm="1C", charset="UTF-8"' });
  const auth = await authenticateExchange(db, rateLimiter, credentials.login, credentials.password, context.get(clientContext).address);
  if (!auth.ok) {
    if (auth.reason === "limited") return failure(EXCHANGE_MESSAGES.tooManyAttempts, 429, { "retry-after": String(auth.retryAfter) });
    return failure(auth.reason === "wrong" ? EXCHANGE_MESSAGES.wrongPassword : EXCHANGE_MESSAGES.noAccess);
  }
  if (type !== "catalog" && type !== "sale") return failure("Поддерживается обмен каталогом (type=catalog) и заказами (type=sale)");
  if (mode === "checkauth") {
    const id = await openExchangeSession(db, auth.actor);
    return text(exchangeAnswer("success", EXCHANGE_COOKIE, id));
  }
  const session = await findExchangeSession(db, readCookie(request.headers.get("cookie"), EXCHANGE_COOKIE) ?? "", auth.actor.id);
  if (!session) return failure(EXCHANGE_MESSAGES.noSession);
  if (type === "sale") return sale(services, session, auth.actor, mode, url.searchParams.get("filename") ?? "", request);
  if (mode === "init") return text(exchangeAnswer("zip=yes", `file_limit=${EXCHANGE_FILE_LIMIT}`));
  const filename = url.searchParams.get("filename") ?? "";
  if (mode === "file") {
    const body = await fileBody(request);
    if (body instanceof Response) return body;
    const received = await receiveExchangeFile(db, services.storage, session, filename, body, services.exchangeSessionMaxBytes);
    if (received.ok) return text("success");
    if (received.cause) services.logger.error({ err: received.cause, session: session.id.slice(0, 8), filename }, "1C exchange file not stored");
    return failure(received.reason);
  }
  if (mode === "import") {
    const answer = await importExchangeFile(
      {
        db,
        storage: services.storage,
        mailer: services.mailer,
        publicUrl: services.publicUrl,
        mediaDir: services.mediaDir,
        retailPriceType: services.exchangePriceType,
        stepMs: services.exchangeStepMs,
        sessionMaxBytes: services.exchangeSessionMaxBytes,
      },
      session,
      auth.actor,
      filename,
    );
    // 1C shows the lines after the first in its exchange log; ours gets them too (decision 099)
    if (answer.kind === "failure") {
      services.logger.warn(
        { exchangeSession: session.id.slice(0, 8), file: filename, reasons: [answer.reason, ...(answer.reasons ?? [])] },
        "1C import refused",
      );
      return text(exchangeAnswer("failure", answer.reason, ...(answer.reasons ?? [])));
    }
    if (answer.kind === "success") {
      if (answer.warnings.length)
        services.logger.warn(
          { exchangeSession: session.id.slice(0, 8), file: filename, records: answer.warnings },
          "1C import: records refused or applied with remarks",
        );
      return text(exchangeAnswer("success", answer.message, ...answer.warnings));
    }
    return text(exchangeAnswer(answer.kind, answer.message));
  }
  return failure("Неизвестный режим обмена (mode)");
}

/** The orders dialogue (decision 089): init, query (CommerceML out), success, file (statuses in). */
async function sale(services: Services, session: ExchangeSession, actor: StaffActor, mode: string | null, filename: string, request: Request) {
  const { db } = services;
  // files from 1C for orders are small single documents: no archive to unpack
  if (mode === "init") return text(exchangeAnswer("zip=no", `file_limit=${EXCHANGE_FILE_LIMIT}`));
  if (mode === "query")
    return new Response(await queryOrdersFor1C(db, session), {
      headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "no-store" },
    });
  if (mode === "success") {
    await markOrdersExported(db, session);
    return text("success");
  }
  if (mode === "file") {
    const body = await fileBody(request);
    if (body instanceof Response) return body;
    const answer = await applyOrdersFile(services, session, actor, filename, body);
    return answer.kind === "success" ? text(exchangeAnswer("success", answer.message)) : failure(answer.reason);
  }
  return failure("Неизвестный режим обмена заказами (mode)");
}

export const loader = (args: Route.LoaderArgs) => exchange(args);
export const action = (args: Route.ActionArgs) => exchange(args);
