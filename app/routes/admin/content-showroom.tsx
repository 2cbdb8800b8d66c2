import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/content-showroom";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { addShowroom, loadShowroom, saveShowroom, type EditableShowroom } from "../../features/content/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { DEFAULT_TILE_ATTRIBUTION, showroomSchema } from "../../features/content/index.ts";
import { formValues, parseFields } from "../../lib/form-fields.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { ShowroomForm, type ShowroomValues } from "../../features/content/components.ts";
import "../../features/content/admin/content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.values.title || "Новый салон");

const NOT_FOUND = "Такого салона нет.";
const EMPTY: ShowroomValues = { title: "", city: "", address: "", phones: "", emails: "", hours: "", kind: "showroom", lat: "", lon: "", version: 1 };

const asValues = (s: EditableShowroom): ShowroomValues => ({
  ...s,
  phones: s.phones.join("\n"),
  emails: s.emails.join("\n"),
  lat: String(s.lat),
  lon: String(s.lon),
});

/** "new", or the id of an existing showroom (null: no such address) */
function target(param: string): "new" | number | null {
  return param === "new" ? "new" : parseRecordId(param);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content");
  const { db, maps } = args.context.get(servicesContext);
  const map = { tileUrl: maps.tileUrl, attribution: DEFAULT_TILE_ATTRIBUTION };
  const which = target(args.params.id);
  if (which === "new") return { values: EMPTY, isNew: true, saved: false, map };
  const showroom = which === null ? null : await loadShowroom(db, which);
  if (!showroom) throw data({ message: NOT_FOUND }, { status: 404 });
  return { values: asValues(showroom), isNew: false, saved: new URL(args.request.url).searchParams.has("saved"), map };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const which = target(args.params.id);
  if (which === null) throw data({ message: NOT_FOUND }, { status: 404 });
  const values = formValues(await args.request.formData());
  const parsed = parseFields(showroomSchema, which === "new" ? { ...values, version: "1" } : values);
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 422 });
  const actor = { id: staff.id, email: staff.email };
  if (which === "new") {
    const id = await addShowroom(db, actor, parsed.data);
    return redirect(`/admin/content/showrooms/${id}/?saved=1`, { status: 303 });
  }
  const outcome = await saveShowroom(db, actor, which, parsed.data);
  if (outcome.status === "not-found") throw data({ message: NOT_FOUND }, { status: 404 });
  if (outcome.status === "conflict") return data({ errors: { version: outcome.message }, values }, { status: 409 });
  return redirect(`/admin/content/showrooms/${which}/?saved=1`, { status: 303 });
}

export default function ContentShowroom({ loaderData, actionData }: Route.ComponentProps) {
  const { values, isNew, saved, map } = loaderData;
  const shown = actionData ? { ...values, ...actionData.values, version: values.version } : values;
  return (
    <AdminPage title={isNew ? "Новый салон" : values.title}>
      <p>
        <Link to="/admin/content/">Весь контент</Link> · <Link to="/contacts/">Контакты на сайте</Link>
      </p>
      {saved && !actionData ? <p role="status">Сохранено.</p> : null}
      <ShowroomForm key={values.version} values={shown} errors={actionData?.errors} map={map} />
    </AdminPage>
  );
}
