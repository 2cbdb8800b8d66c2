import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/promo-code";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { loadPromoCode, promoSectionChoices, savePromoCode } from "../../features/promo/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { parseFields, type FieldErrors } from "../../lib/form-fields.ts";
import { promoFormFromPost, promoFormValues, promoSchema, type PromoFormValues } from "../../features/promo/index.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { PromoForm } from "../../features/promo/components.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.values.code || "Новый промокод");

const NOT_FOUND = "Такого промокода нет.";

/** "new", or the id of an existing code (null: no such address) */
const target = (param: string): "new" | number | null => (param === "new" ? "new" : parseRecordId(param));

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "promo");
  const { db } = args.context.get(servicesContext);
  const which = target(args.params.id);
  const promo = typeof which === "number" ? await loadPromoCode(db, which) : null;
  if (which === null || (which !== "new" && !promo)) throw data({ message: NOT_FOUND }, { status: 404 });
  return {
    values: promoFormValues(promo),
    isNew: which === "new",
    uses: promo?.uses ?? 0,
    sections: await promoSectionChoices(db),
    saved: new URL(args.request.url).searchParams.has("saved"),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "promo");
  const { db } = args.context.get(servicesContext);
  const which = target(args.params.id);
  if (which === null) throw data({ message: NOT_FOUND }, { status: 404 });
  const typed = promoFormFromPost(await args.request.formData());
  const refuse = (status: number, errors: FieldErrors) => data({ errors, values: typed }, { status });
  const parsed = parseFields(promoSchema, which === "new" ? { ...typed, version: "1" } : typed);
  if (!parsed.ok) return refuse(422, parsed.errors);
  const outcome = await savePromoCode(db, { id: staff.id, email: staff.email }, which === "new" ? null : which, parsed.data);
  if (outcome.status === "not-found") throw data({ message: NOT_FOUND }, { status: 404 });
  if (outcome.status === "code-taken") return refuse(422, { code: outcome.message });
  if (outcome.status === "conflict") return refuse(409, { version: outcome.message });
  return redirect(`/admin/promo/${outcome.id}/?saved=1`, { status: 303 });
}

export default function PromoCode({ loaderData, actionData }: Route.ComponentProps) {
  const { values, isNew, uses, sections, saved } = loaderData;
  // a refused save keeps what was typed; the version stays the one seen
  const shown: PromoFormValues = actionData ? { ...actionData.values, version: values.version } : values;
  const errors = actionData?.errors;
  return (
    <AdminPage title={isNew ? "Новый промокод" : `Промокод ${values.code}`}>
      <p>
        <Link to="/admin/promo/">Все промокоды</Link>
        {isNew ? null : ` · использован ${uses} раз`}
      </p>
      {saved && !actionData ? <p role="status">Сохранено.</p> : null}
      {errors?.version ? (
        <p role="alert" className="promo-admin__alert">
          {errors.version}
        </p>
      ) : null}
      <PromoForm key={values.version} values={shown} errors={errors} sections={sections} isNew={isNew} />
    </AdminPage>
  );
}
