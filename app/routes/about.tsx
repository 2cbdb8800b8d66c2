// /about/: the shop's story; its numbers count up once when they come into view.
import { useRef } from "react";
import { data } from "react-router";
import type { Route } from "./+types/about";
import { servicesContext } from "../context.ts";
import { findPage } from "../domain/content.server.ts";
import { RichText } from "../ui/RichText.tsx";
import { CountersOnView } from "../ui/CountersOnView.tsx";
import "../components/content/Content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "О компании"} — Витрина` },
  { name: "description", content: loaderData?.summary ?? "" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const page = await findPage(context.get(servicesContext).db, "about");
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function About({ loaderData: page }: Route.ComponentProps) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <article className="container page-section about">
      <h1>{page.title}</h1>
      <div ref={body}>
        <RichText html={page.body} />
      </div>
      <CountersOnView container={body} />
    </article>
  );
}
