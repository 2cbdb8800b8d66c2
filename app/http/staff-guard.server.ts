// The one check every back-office loader and action makes: who is asking, and may they open this
// area. The role is read from the database on every request, never from the session or a form,
// so a tampered field or a demotion takes effect at once.
import { data, redirect, type RouterContextProvider } from "react-router";
import { servicesContext, sessionContext } from "../context.ts";
import { findStaffMember, type StaffMember } from "../features/staff/index.server.ts";
import { canAccess, type AdminArea } from "../features/staff/index.ts";

export const FORBIDDEN_MESSAGE = "Недостаточно прав для этого раздела. Обратитесь к владельцу магазина.";

interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The signed-in staff member of any role, or null: for storefront pages that show staff more (previews). */
export async function signedInStaff({ context }: Pick<GuardArgs, "context">): Promise<StaffMember | null> {
  const session = context.get(sessionContext);
  return session.userId === null ? null : findStaffMember(context.get(servicesContext).db, session.userId);
}

/**
 * The signed-in staff member allowed into `area`. Anyone not signed in, or signed in as a
 * customer, is sent to the login page with the way back; staff without the area get a 403 (JSON
 * for a script, the admin layout's Russian page otherwise).
 */
export async function requireStaff({ request, context }: GuardArgs, area: AdminArea): Promise<StaffMember> {
  const session = context.get(sessionContext);
  const staff = session.userId === null ? null : await findStaffMember(context.get(servicesContext).db, session.userId);
  if (!staff) {
    const url = new URL(request.url);
    throw redirect(`/login/?back=${encodeURIComponent(url.pathname + url.search)}`, { status: 303 });
  }
  if (!canAccess(staff.role, area)) {
    const json = (request.headers.get("accept") ?? "").startsWith("application/json");
    if (json) throw Response.json({ error: FORBIDDEN_MESSAGE }, { status: 403, headers: { "Cache-Control": "no-store" } });
    throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  }
  return staff;
}
