import { data, redirect } from "react-router";
import type { Route } from "./+types/staff";
import { servicesContext } from "../../context.ts";
import { addStaff, confirmStaffPassword, listStaff, removeStaff, setStaffRole, type StaffChangeResult } from "../../features/staff/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { fieldErrors, formValues, type FieldErrors } from "../../lib/form-fields.ts";
import { STAFF_MESSAGES, staffAddSchema, staffRemoveSchema, staffRoleSchema } from "../../features/staff/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { StaffTable, StaffAddForm, StaffEditForm } from "../../features/staff/components.ts";
import { FormNotice } from "../../features/accounts/components.ts";

export const meta: Route.MetaFunction = () => adminMeta("Сотрудники");

const DONE: Record<string, string> = { add: "Сотрудник добавлен.", role: "Роль изменена.", remove: "Сотрудник убран из персонала, учётная запись осталась." };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "staff");
  const staff = await listStaff(args.context.get(servicesContext).db);
  const params = new URL(args.request.url).searchParams;
  const editing = staff.find((s) => String(s.id) === params.get("edit")) ?? null;
  return { me: me.id, staff, editing, done: DONE[params.get("done") ?? ""] ?? null };
}

const REAUTH_LIMIT = 5;
const REAUTH_WINDOW_MS = 15 * 60 * 1000;

type Failure = { intent: string; errors: FieldErrors; values: Record<string, string> };

const fail = (intent: string, values: Record<string, string>, errors: FieldErrors, status: number) =>
  data<Failure>({ intent, errors, values: { ...values, password: "", currentPassword: "" } }, { status });

/** a refused change as the field it concerns and its status */
function refusal(result: Exclude<StaffChangeResult, { ok: true }>): { errors: FieldErrors; status: number } {
  if (result.reason === "last-owner") return { errors: { form: STAFF_MESSAGES.lastOwner }, status: 409 };
  if (result.reason === "same-role") return { errors: { role: STAFF_MESSAGES.sameRole }, status: 409 };
  if (result.reason === "password-needed") return { errors: { password: STAFF_MESSAGES.passwordNeeded }, status: 400 };
  return { errors: { form: STAFF_MESSAGES.member }, status: 404 };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "staff");
  const { db } = args.context.get(servicesContext);
  const values = formValues(await args.request.formData());
  const intent = values.intent === "role" || values.intent === "remove" ? values.intent : "add";
  const schema = intent === "add" ? staffAddSchema : intent === "role" ? staffRoleSchema : staffRemoveSchema;
  const parsed = schema.safeParse(values);
  if (!parsed.success) return fail(intent, values, fieldErrors(parsed.error), 400);
  // the role a change gives comes from the list above; who may change it, only from the database.
  // Wrong passwords are counted like the login form's, so a left-open session cannot be used to guess.
  // Each attempt is counted (one atomic hit, in Redis too) before the slow password check, as the
  // login form does (decision 045): counted afterwards, a burst of parallel posts all passed the
  // check of the count while the first ones were still hashing. A refused attempt and the right
  // password are taken back, so the count is of wrong passwords checked.
  const { rateLimiter } = args.context.get(servicesContext);
  const tries = `staff:reauth:${me.id}`;
  if (!(await rateLimiter.hit(tries, REAUTH_LIMIT, REAUTH_WINDOW_MS)).allowed) {
    await rateLimiter.refund(tries);
    return fail(intent, values, { currentPassword: STAFF_MESSAGES.tooManyTries }, 429);
  }
  if (!(await confirmStaffPassword(db, me, parsed.data.currentPassword))) {
    return fail(intent, values, { currentPassword: STAFF_MESSAGES.wrongPassword }, 400);
  }
  await rateLimiter.refund(tries);
  const p = parsed.data as { userId?: number; role?: "owner" | "manager" | "content"; email?: string; name?: string; password?: string };
  const result =
    intent === "add"
      ? await addStaff(db, me, { email: p.email!, name: p.name, role: p.role!, password: p.password || undefined })
      : intent === "role"
        ? await setStaffRole(db, me, p.userId!, p.role!)
        : await removeStaff(db, me, p.userId!);
  if (!result.ok) {
    const { errors, status } = refusal(result);
    return fail(intent, values, errors, status);
  }
  // demoting or removing oneself ends the way into this page: go where the role still leads
  if (result.userId === me.id) return redirect("/admin/", { status: 303 });
  return redirect(`/admin/staff/?done=${intent}`, { status: 303 });
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { editing } = loaderData;
  const failed = actionData as Failure | undefined;
  return (
    <AdminPage title="Сотрудники">
      {loaderData.done && !failed ? <FormNotice tone="ok">{loaderData.done}</FormNotice> : null}
      {failed?.errors.form ? <FormNotice tone="error">{failed.errors.form}</FormNotice> : null}
      <StaffTable staff={loaderData.staff} me={loaderData.me} />
      {editing ? (
        <StaffEditForm member={editing} errors={failed && failed.intent !== "add" ? failed.errors : undefined} />
      ) : (
        <StaffAddForm errors={failed?.intent === "add" ? failed.errors : undefined} values={failed?.intent === "add" ? failed.values : undefined} />
      )}
    </AdminPage>
  );
}
