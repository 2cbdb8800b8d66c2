import { data, redirect } from "react-router";
import type { Route } from "./+types/sections";
import { servicesContext } from "../../context.ts";
import { addSection, loadSectionTree, moveSection, SectionEditError } from "../../features/catalog/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { formValues, parseFields, type FieldErrors } from "../../lib/form-fields.ts";
import { sectionAddSchema, sectionMoveSchema } from "../../features/catalog/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { SectionAddForm, type SectionAddValues, SectionTree } from "../../features/catalog/components.ts";
import "../../features/catalog/admin/sections.css";

export const meta: Route.MetaFunction = () => adminMeta("Разделы");

const EMPTY: SectionAddValues = { title: "", slug: "", parentId: "" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const tree = await loadSectionTree(db);
  const added = Number(url.searchParams.get("added"));
  return {
    tree,
    added: tree.find((s) => s.id === added)?.title ?? null,
    deleted: url.searchParams.has("deleted"),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const values = formValues(await args.request.formData());
  const actor = { id: staff.id, email: staff.email };
  const refuse = (errors: FieldErrors, status: number) => data({ errors, values }, { status });
  try {
    if (values.intent === "move") {
      const parsed = parseFields(sectionMoveSchema, values);
      if (!parsed.ok) return refuse({ move: "Обновите страницу и попробуйте снова" }, 422);
      await moveSection(db, actor, parsed.data.id, parsed.data.direction, parsed.data.version);
      // the pressed button gets the focus back (useMoveFocus)
      return redirect(`/admin/sections/?moved=${parsed.data.id}&dir=${parsed.data.direction}`, { status: 303 });
    }
    const parsed = parseFields(sectionAddSchema, values);
    if (!parsed.ok) return refuse(parsed.errors, 422);
    const id = await addSection(db, actor, parsed.data);
    return redirect(`/admin/sections/?added=${id}`, { status: 303 });
  } catch (error) {
    if (!(error instanceof SectionEditError)) throw error;
    // a move's refusal (another editor moved it first) is shown above the tree
    const field = values.intent === "move" ? "move" : error.field;
    return refuse({ [field]: error.message }, error.status);
  }
}

export default function Sections({ loaderData, actionData }: Route.ComponentProps) {
  const { tree, added, deleted } = loaderData;
  const adding = actionData && actionData.values.intent !== "move";
  const values: SectionAddValues = adding
    ? { title: actionData.values.title ?? "", slug: actionData.values.slug ?? "", parentId: actionData.values.parentId ?? "" }
    : EMPTY;
  return (
    <AdminPage title="Разделы">
      {added && !actionData ? <p role="status">{`Раздел «${added}» добавлен.`}</p> : null}
      {deleted && !actionData ? <p role="status">Раздел удалён.</p> : null}
      {actionData?.errors.move ? (
        <p role="alert" className="section-form__alert">
          {actionData.errors.move}
        </p>
      ) : null}
      <SectionAddForm
        key={adding ? "retry" : `${added ?? ""}`}
        values={values}
        errors={adding ? actionData.errors : undefined}
        parents={tree.map((s) => ({ id: s.id, title: s.title, depth: s.depth }))}
      />
      <h2>Все разделы</h2>
      <SectionTree entries={tree} />
    </AdminPage>
  );
}
