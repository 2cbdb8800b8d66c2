import { data, redirect } from "react-router";
import type { Route } from "./+types/exchange";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { feedSections, loadFeedSettings, saveFeedSettings } from "../../features/feed-yml/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { formValues } from "../../lib/form-fields.ts";
import { parseFeedShopForm, type FeedShopFormValues, type FeedShopSettings } from "../../features/feed-yml/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { FeedSettingsForm } from "../../features/feed-yml/components.ts";
import { ExchangeSessions } from "../../features/exchange-1c/components.ts";
import { listExchangeSessions } from "../../features/exchange-1c/index.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Обмен");

/** A section is ticked when neither it nor a section above it is left out. */
function tickedOf(sections: { id: number; parentId: number | null }[], excluded: readonly number[]): number[] {
  const out = new Set(excluded);
  return sections.filter((s) => !out.has(s.id) && (s.parentId === null || !out.has(s.parentId))).map((s) => s.id);
}

const formOf = (s: FeedShopSettings): FeedShopFormValues => ({
  shopName: s.shopName,
  company: s.company,
  deliveryCost: String(s.deliveryCost),
  deliveryDays: s.deliveryDays,
  salesNotes: s.salesNotes,
});

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "exchange");
  const { db, publicUrl } = args.context.get(servicesContext);
  const [settings, sections, sessions] = await Promise.all([loadFeedSettings(db), feedSections(db), listExchangeSessions(db)]);
  return {
    feedUrl: `${publicUrl}/yml.xml`,
    sessions,
    sections,
    included: tickedOf(sections, settings.excluded),
    shop: formOf(settings),
    version: settings.version,
    saved: new URL(args.request.url).searchParams.get("saved") === "feed",
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "exchange");
  const { db } = args.context.get(servicesContext);
  const form = await args.request.formData();
  const included = form
    .getAll("section")
    .map(Number)
    .filter((id) => Number.isInteger(id));
  const typed = formValues(form);
  const shop: FeedShopFormValues = {
    shopName: typed.shopName ?? "",
    company: typed.company ?? "",
    deliveryCost: typed.deliveryCost ?? "",
    deliveryDays: typed.deliveryDays ?? "",
    salesNotes: typed.salesNotes ?? "",
  };
  const version = Number(form.get("version"));
  if (!Number.isInteger(version))
    return data({ error: "Форма устарела: обновите страницу и выберите разделы ещё раз.", errors: {}, included, shop }, { status: 400 });
  const parsed = parseFeedShopForm(shop);
  if (!parsed.ok) return data({ error: "Проверьте поля, отмеченные ниже.", errors: parsed.errors, included, shop }, { status: 400 });
  const outcome = await saveFeedSettings(db, { id: staff.id, email: staff.email }, { included, version, shop: parsed.data });
  if (outcome.status === "conflict") return data({ error: outcome.message, errors: {}, included, shop }, { status: 409 });
  return redirect("/admin/exchange/?saved=feed", { status: 303 });
}

export default function Exchange({ loaderData, actionData }: Route.ComponentProps) {
  const { feedUrl, sections, included, shop, version, saved, sessions } = loaderData;
  return (
    <AdminPage title="Обмен">
      {saved ? <p role="status">Настройки фида сохранены. Фид пересоберётся при следующем обращении.</p> : null}
      <FeedSettingsForm
        key={version}
        feedUrl={feedUrl}
        sections={sections}
        included={actionData?.included ?? included}
        shop={actionData?.shop ?? shop}
        version={version}
        error={actionData?.error ?? null}
        errors={actionData?.errors ?? {}}
      />
      <ExchangeSessions sessions={sessions} />
    </AdminPage>
  );
}
