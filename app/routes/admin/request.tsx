import { data, redirect } from "react-router";
import type { Route } from "./+types/request";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { getRequest, listRequestAssignees, updateRequest } from "../../features/requests/index.server.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { RequestCard, RequestEditor } from "../../features/requests/components.ts";

const NOT_FOUND = { message: "Такой заявки нет." };

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Заявка № ${loaderData.request.id}` : "Заявка");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "requests");
  const { db } = args.context.get(servicesContext);
  const id = parseRecordId(args.params.id);
  const request = id === null ? null : await getRequest(db, id);
  if (!request) throw data(NOT_FOUND, { status: 404 });
  const saved = new URL(args.request.url).searchParams.get("saved") === "1";
  return { request, assignees: await listRequestAssignees(db), saved };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "requests");
  const { db } = args.context.get(servicesContext);
  const id = parseRecordId(args.params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const form = await args.request.formData();
  const outcome = await updateRequest(db, staff, id, {
    status: form.get("status"),
    assignee: form.get("assignee"),
    note: form.get("note"),
    version: form.get("version"),
  });
  switch (outcome.status) {
    case "not-found":
      throw data(NOT_FOUND, { status: 404 });
    case "invalid":
      return data({ errors: outcome.errors, message: null }, { status: 400 });
    case "stale":
      return data({ errors: {}, message: outcome.message }, { status: 409 });
    default:
      // POST, then 303 back: a reload does not send the form again
      return redirect(`/admin/requests/${id}/?saved=1`, { status: 303 });
  }
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { request, assignees, saved } = loaderData;
  return (
    <AdminPage title={`Заявка № ${request.id}`}>
      <RequestCard request={request} />
      <RequestEditor
        key={request.version}
        request={request}
        assignees={assignees}
        errors={actionData?.errors ?? {}}
        message={actionData?.message ?? (saved && !actionData ? "Сохранено" : null)}
        failed={Boolean(actionData)}
      />
    </AdminPage>
  );
}
