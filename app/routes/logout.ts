import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { servicesContext, sessionContext } from "../context.ts";
import { saveSessionIntoAccount } from "../features/accounts/index.server.ts";

/** POST only: ends the session on the server (the row is deleted) and clears the cookie. */
export async function action({ context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  if (session.userId !== null) await saveSessionIntoAccount(db, session.userId, session.data);
  await session.logout();
  return redirect("/", { status: 303 });
}

// A GET never changes state (a prefetch or an <img src> must not sign anyone out).
export function loader() {
  return redirect("/profile/");
}
