import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { servicesContext } from "../context.ts";
import { findPage, cleanRichText } from "../features/content/index.server.ts";
import { RichText } from "../ui/RichText.tsx";

export const meta: Route.MetaFunction = ({ loaderData: page }) =>
  page ? [{ title: `${page.title} — Витрина` }, { name: "description", content: page.summary }] : [{ title: "Страница не найдена — Витрина" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const page = /^[a-z0-9-]{1,120}$/.test(slug) ? await findPage(context.get(servicesContext).db, slug) : null;
  if (!page) throw data(null, { status: 404 });
  return { ...page, body: cleanRichText(page.body) };
}

export default function ContentPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <article className="container page-section">
      <h1>{page.title}</h1>
      <RichText html={page.body} />
    </article>
  );
}
