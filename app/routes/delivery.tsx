// /delivery/: the delivery options (shop-written) and the lift-to-floor calculator.
import { data } from "react-router";
import type { Route } from "./+types/delivery";
import { servicesContext } from "../context.ts";
import { findPage, cleanRichText } from "../features/content/index.server.ts";
import { loadLiftTariffs } from "../features/delivery/index.server.ts";
import { RichText } from "../ui/RichText.tsx";
import { LiftCalculator, liftInputFrom } from "../features/delivery/components.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.page.title ?? "Доставка"} — Витрина` },
  { name: "description", content: loaderData?.page.summary ?? "" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const page = await findPage(db, "delivery");
  if (!page) throw data(null, { status: 404 });
  return {
    page: { ...page, body: cleanRichText(page.body) },
    calc: liftInputFrom(new URL(request.url).searchParams),
    tariffs: await loadLiftTariffs(db.kysely),
  };
}

export default function Delivery({ loaderData }: Route.ComponentProps) {
  const { page, calc, tariffs } = loaderData;
  return (
    <article className="container page-section">
      <h1>{page.title}</h1>
      <RichText html={page.body} />
      {/* keyed by the query so a no-JS style submit (GET) starts from the server's numbers */}
      <LiftCalculator key={`${calc.weight}-${calc.floor}-${calc.lift}-${calc.sum}`} initial={calc} tariffs={tariffs} />
    </article>
  );
}
