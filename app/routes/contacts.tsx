// /contacts/: contact points, the map, and the callback and feedback forms. The action is the
// no-JavaScript path of both forms (with JavaScript they post to /forms/<name>/).
import { useState } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/contacts";
import { clientContext, servicesContext, sessionContext } from "../context.ts";
import { findPage, listContactPoints, cleanRichText } from "../features/content/index.server.ts";
import { submitFormRequest } from "../http/form-post.server.ts";
import { DEFAULT_TILE_ATTRIBUTION } from "../features/content/index.ts";
import { isFormName } from "../features/requests/index.ts";
import { RichText } from "../ui/RichText.tsx";
import { ContactPointList, ContactsMap } from "../features/content/components.ts";
import { CallbackForm, FeedbackForm, SentNotice } from "../features/requests/components.ts";
import "../features/content/Content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.page.title ?? "Контакты"} — Витрина` },
  { name: "description", content: loaderData?.page.summary ?? "" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, maps } = context.get(servicesContext);
  const [page, points] = await Promise.all([findPage(db, "contacts"), listContactPoints(db)]);
  const sent = new URL(request.url).searchParams.get("sent");
  return {
    page: { ...(page ?? { slug: "contacts", title: "Контакты", summary: "" }), body: cleanRichText(page?.body ?? "") },
    points,
    sent: isFormName(sent) ? sent : null,
    tileUrl: maps.tileUrl,
    attribution: DEFAULT_TILE_ATTRIBUTION,
    yandexKey: maps.yandexKey,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitFormRequest(context.get(servicesContext), null, request, {
    clientAddress: context.get(clientContext).address,
    userAgent: request.headers.get("user-agent") ?? "",
    sessionId: context.get(sessionContext).id,
  });
  if (outcome.status === "sent" || outcome.status === "ignored") throw redirect(`/contacts/?sent=${outcome.form}#${outcome.form}`, 303);
  const status = outcome.status === "limited" ? 429 : outcome.status === "unstored" ? 507 : 400;
  const headers: HeadersInit = outcome.status === "limited" ? { "Retry-After": String(outcome.retryAfter) } : {};
  return data({ form: outcome.form, errors: outcome.errors, values: outcome.values }, { status, headers });
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { page, points, sent, tileUrl, attribution, yandexKey } = loaderData;
  const [selected, setSelected] = useState<number | null>(null);
  const initialFor = (form: "callback" | "feedback") => (actionData?.form === form ? { errors: actionData.errors, values: actionData.values } : undefined);
  return (
    <div className="container page-section contacts">
      <h1>{page.title}</h1>
      <RichText html={page.body} />
      <ContactsMap
        points={points}
        tileUrl={tileUrl}
        attribution={attribution}
        yandexKey={yandexKey}
        onSelect={(id) => {
          setSelected(id);
          const el = document.getElementById(`point-${id}`);
          el?.scrollIntoView({ behavior: "smooth", block: "center" });
          el?.focus({ preventScroll: true });
        }}
      />
      <h2 className="contacts__points-title">Шоурумы и пункты выдачи</h2>
      <ContactPointList points={points} selectedId={selected} />
      <div className="contacts__forms">
        <section id="callback" className="contacts__form" aria-label="Заказать обратный звонок">
          {sent === "callback" ? <SentNotice /> : null}
          <CallbackForm initial={initialFor("callback")} />
        </section>
        <section id="feedback" className="contacts__form" aria-label="Написать нам">
          {sent === "feedback" ? <SentNotice /> : null}
          <FeedbackForm initial={initialFor("feedback")} />
        </section>
      </div>
    </div>
  );
}
