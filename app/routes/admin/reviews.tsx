import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/reviews";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { countByState, listModeration, moderateReview, parseModerationFilter, type ModerationAction } from "../../features/reviews/index.server.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { REVIEW_STATE_TITLES, REVIEW_STATES } from "../../features/reviews/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { AdminPager } from "../../ui/admin/AdminPager.tsx";
import { ModerationCard } from "../../features/reviews/components.ts";
import "../../ui/admin/admin-table.css";
import "../../features/reviews/admin/ModerationCard.css";

const ACTIONS: readonly ModerationAction[] = ["publish", "reject", "hide"];

export const meta: Route.MetaFunction = () => adminMeta("Отзывы");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "reviews");
  const { db } = args.context.get(servicesContext);
  const params = new URL(args.request.url).searchParams;
  const filter = parseModerationFilter(params);
  const [list, counts] = await Promise.all([listModeration(db, filter), countByState(db)]);
  return { filter, list, counts, search: params.toString() };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "reviews");
  const { db } = args.context.get(servicesContext);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const id = parseRecordId(form.get("id"));
  if (id === null || !ACTIONS.some((a) => a === intent)) return data({ id, message: "Не понятно, что сделать с отзывом: обновите страницу" }, { status: 400 });
  const outcome = await moderateReview(db, staff, id, intent as ModerationAction, form.get("reason"));
  switch (outcome.status) {
    case "not-found":
      throw data({ message: "Такого отзыва нет." }, { status: 404 });
    case "invalid":
      return data({ id, message: outcome.message }, { status: 400 });
    case "conflict":
      return data({ id, message: outcome.message }, { status: 409 });
    default: {
      // back to the same tab and page: the decided review has left it
      const url = new URL(args.request.url);
      return redirect(`/admin/reviews/${url.search}`, { status: 303 });
    }
  }
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, list, counts, search } = loaderData;
  return (
    <AdminPage title="Отзывы">
      <nav className="moderation-tabs" aria-label="Отзывы по состоянию">
        {REVIEW_STATES.map((state) => (
          <Link
            key={state}
            to={state === "waiting" ? "/admin/reviews/" : `/admin/reviews/?state=${state}`}
            aria-current={filter.state === state ? "page" : undefined}
          >
            {REVIEW_STATE_TITLES[state]} ({counts[state]})
          </Link>
        ))}
      </nav>
      {list.items.length === 0 ? (
        <p role="status">{filter.state === "waiting" ? "Новых отзывов нет." : "Здесь пока пусто."}</p>
      ) : (
        <ul className="moderation-list">
          {list.items.map((item) => (
            <li key={item.id}>
              <ModerationCard item={item} error={actionData && actionData.id === item.id ? actionData.message : null} />
            </li>
          ))}
        </ul>
      )}
      {actionData && actionData.id === null ? <p role="alert">{actionData.message}</p> : null}
      <AdminPager page={list.page} pages={list.pages} total={list.total} search={search} label="Страницы отзывов" />
    </AdminPage>
  );
}
