import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/section";
import { servicesContext } from "../../context.ts";
import { deleteSection, editSection, loadSectionForEdit, saveSectionFacets, SectionEditError } from "../../features/catalog/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { formValues, parseFields, type FieldErrors } from "../../lib/form-fields.ts";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { moveCode, parseFacetForm, SECTION_MESSAGES, sectionDeleteSchema, sectionEditSchema } from "../../features/catalog/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { SectionDeleteForm, SectionEditForm, SectionFacetsForm, type FacetRow } from "../../features/catalog/components.ts";
import "../../features/catalog/admin/sections.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.view.section.title ?? "Раздел");

const NOT_FOUND = "Такого раздела нет.";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const id = parseRecordId(args.params.id);
  const view = id === null ? null : await loadSectionForEdit(db, id);
  if (!view) throw data({ message: NOT_FOUND }, { status: 404 });
  return { view, saved: new URL(args.request.url).searchParams.get("saved") };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const id = parseRecordId(args.params.id);
  if (id === null) throw data({ message: NOT_FOUND }, { status: 404 });
  const form = await args.request.formData();
  const values = formValues(form);
  const actor = { id: staff.id, email: staff.email };
  const refuse = (errors: FieldErrors, status: number, facets?: FacetRow[]) => data({ errors, values, facets }, { status });
  const here = `/admin/sections/${id}/`;
  /** the facet rows as submitted, shown again on a refusal so the ticks and order are not lost */
  let choice: { code: string; shown: boolean }[] | undefined;
  try {
    if (values.intent === "delete") {
      const parsed = parseFields(sectionDeleteSchema, values);
      if (!parsed.ok) return refuse({ delete: SECTION_MESSAGES.version }, 422);
      await deleteSection(db, actor, id, parsed.data.version);
      return redirect("/admin/sections/?deleted=1", { status: 303 });
    }
    if (values.intent === "facets") {
      const parsed = parseFacetForm(form);
      if (!parsed) return refuse({ facets: SECTION_MESSAGES.version }, 422);
      if (form.get("inherit") === "1") {
        await saveSectionFacets(db, actor, id, null, parsed.version);
        return redirect(`${here}?saved=facets`, { status: 303 });
      }
      const codes = parsed.move ? moveCode(parsed.codes, parsed.move.code, parsed.move.direction) : parsed.codes;
      choice = codes.map((code) => ({ code, shown: parsed.shown.has(code) }));
      await saveSectionFacets(db, actor, id, choice, parsed.version);
      const focus = parsed.move ? `&moved=${encodeURIComponent(parsed.move.code)}&dir=${parsed.move.direction}` : "";
      return redirect(`${here}?saved=facets${focus}`, { status: 303 });
    }
    const parsed = parseFields(sectionEditSchema, values);
    if (!parsed.ok) return refuse(parsed.errors, 422);
    await editSection(db, actor, id, parsed.data);
    return redirect(`${here}?saved=section`, { status: 303 });
  } catch (error) {
    if (!(error instanceof SectionEditError)) throw error;
    if (error.status === 404) throw data({ message: NOT_FOUND }, { status: 404 });
    let rows: FacetRow[] | undefined;
    if (choice) {
      const view = await loadSectionForEdit(db, id);
      const titleOf = new Map(view?.facets.rows.map((r) => [r.code, r.title]));
      rows = choice.map((c) => ({ ...c, title: titleOf.get(c.code) ?? c.code }));
    }
    return refuse({ [error.field]: error.message }, error.status, rows);
  }
}

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
  const { view, saved } = loaderData;
  const { section } = view;
  const intent = actionData?.values.intent;
  const errors = actionData?.errors ?? {};
  const editing = actionData && intent !== "facets" && intent !== "delete";
  return (
    <AdminPage title={section.title}>
      <p className="section-form__note">
        <Link to="/admin/sections/">Все разделы</Link>
        {view.ancestors.map((a) => (
          <span key={a.id}>
            {" › "}
            <Link to={`/admin/sections/${a.id}/`}>{a.title}</Link>
          </span>
        ))}
        {" · "}
        {countOf(section.totalProducts, PRODUCT_FORMS)} · <a href={`/catalog/${section.slug}/`}>На сайте</a> ·{" "}
        <Link to={`/admin/products/?section=${section.id}`}>Товары раздела</Link>
      </p>
      {saved && !actionData ? <p role="status">Сохранено.</p> : null}
      <SectionEditForm
        key={`edit-${section.version}`}
        slug={section.slug}
        values={
          editing
            ? { title: actionData.values.title ?? "", parentId: actionData.values.parentId ?? "", version: section.version }
            : { title: section.title, parentId: section.parentId === null ? "" : String(section.parentId), version: section.version }
        }
        errors={editing ? errors : undefined}
        parents={view.parentOptions}
      />
      <SectionFacetsForm
        key={`facets-${section.version}-${intent === "facets" ? "retry" : ""}`}
        rows={intent === "facets" && actionData?.facets ? actionData.facets : view.facets.rows}
        version={section.version}
        own={view.facets.own}
        inheritedFrom={view.facets.inheritedFrom}
        error={intent === "facets" ? errors.facets : undefined}
      />
      <SectionDeleteForm version={section.version} error={intent === "delete" ? errors.delete : undefined} />
    </AdminPage>
  );
}
