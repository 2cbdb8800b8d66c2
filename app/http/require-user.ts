// Pages for signed-in visitors only: anyone else is sent to the login page and brought back.
// A route-level guard (it throws a redirect), so the domain stays free of HTTP.
import { redirect } from "react-router";
import type { SessionHandle } from "../context.ts";

/** The signed-in user's id; anyone else is sent to the login page and brought back afterwards. */
export function requireUserId(session: Pick<SessionHandle, "userId">, request: Request): number {
  if (session.userId !== null) return session.userId;
  const url = new URL(request.url);
  throw redirect(`/login/?back=${encodeURIComponent(url.pathname + url.search)}`, { status: 303 });
}
