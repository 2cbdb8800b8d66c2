// /faq/: the shop-written questions become an accordion (one open at a time, 400 ms).
import { Link, data } from "react-router";
import type { Route } from "./+types/faq";
import { servicesContext } from "../context.ts";
import { findPage, cleanRichText } from "../features/content/index.server.ts";
import { splitDetails } from "../features/content/index.ts";
import { Accordion } from "../ui/Accordion.tsx";
import { RichText } from "../ui/RichText.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Вопросы и ответы"} — Витрина` },
  { name: "description", content: loaderData?.summary ?? "" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const page = await findPage(context.get(servicesContext).db, "faq");
  if (!page) throw data(null, { status: 404 });
  return { title: page.title, summary: page.summary, ...splitDetails(cleanRichText(page.body)) };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { title, intro, items } = loaderData;
  return (
    <article className="container page-section">
      <h1>{title}</h1>
      {intro ? <RichText html={intro} /> : null}
      <Accordion items={items.map((item, i) => ({ id: String(i), title: item.question, content: <RichText html={item.answer} /> }))} />
      <p className="faq__more">
        Не нашли ответ? <Link to="/contacts/#feedback">Задайте вопрос</Link> или <Link to="/contacts/#callback">закажите обратный звонок</Link>.
      </p>
    </article>
  );
}
