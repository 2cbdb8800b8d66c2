// /about/: the shop's story (numbers count up once in view), showrooms per city with photo
// sliders, delivery/payment/warranty tabs and the partner programme; blocks reveal on scroll.
import { useRef } from "react";
import { data } from "react-router";
import type { Route } from "./+types/about";
import { servicesContext } from "../context.ts";
import { findPage, listContactPoints, listLatestNews, cleanRichText } from "../features/content/index.server.ts";
import { isContentTabPage } from "../features/content/index.ts";
import { intInRange } from "../lib/number-only.ts";
import { RichText } from "../ui/RichText.tsx";
import { CountersOnView } from "../ui/CountersOnView.tsx";
import { RevealOnScroll } from "../ui/RevealOnScroll.tsx";
import { AboutShowrooms, groupByCity, AboutInfoTabs, AboutPartners } from "../features/content/components.ts";
import "../features/content/Content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.page.title ?? "О компании"} — Витрина` },
  { name: "description", content: loaderData?.page.summary ?? "" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const infoParam = query.get("info");
  const info = isContentTabPage(infoParam) ? infoParam : "delivery";
  const [page, points, news, infoPage] = await Promise.all([findPage(db, "about"), listContactPoints(db), listLatestNews(db, 5), findPage(db, info)]);
  if (!page) throw data(null, { status: 404 });
  const cities = groupByCity(points);
  return {
    page: { ...page, body: cleanRichText(page.body) },
    cities,
    showroom: intInRange(query.get("showroom"), 0, Math.max(0, cities.length - 1), 0),
    photos: news.filter((n) => n.image).map((n) => ({ src: n.image, alt: n.title })),
    info,
    infoHtml: cleanRichText(infoPage?.body ?? ""),
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, cities, showroom, photos, info, infoHtml } = loaderData;
  const body = useRef<HTMLDivElement>(null);
  return (
    <article className="container page-section about">
      <h1>{page.title}</h1>
      <div ref={body}>
        <RichText html={page.body} />
      </div>
      <CountersOnView container={body} />
      <RevealOnScroll>
        <AboutShowrooms cities={cities} photos={photos} initial={showroom} />
      </RevealOnScroll>
      <RevealOnScroll>
        <AboutInfoTabs initial={info} html={infoHtml} />
      </RevealOnScroll>
      <RevealOnScroll>
        <AboutPartners />
      </RevealOnScroll>
    </article>
  );
}
