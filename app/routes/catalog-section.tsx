import { data } from "react-router";
import type { Route } from "./+types/catalog-section";
import { servicesContext } from "../context.ts";
import { findSectionBySlug, listingFor, sectionFacetChoice } from "../features/catalog/index.server.ts";
import { Bitset, buildListingSearch } from "../features/catalog/index.ts";
import { countOf, PRODUCT_FORMS } from "../lib/format.ts";
import { Breadcrumbs, ListingLayout, SubsectionLinks } from "../features/catalog/components.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const section = /^[a-z0-9-]{1,120}$/.test(params.section) ? await findSectionBySlug(db, params.section) : null;
  if (!section) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const choice = await sectionFacetChoice(db, section.id);
  const { query, listing } = await listingFor(db, url, (index) => index.sections.get(section.id) ?? new Bitset(index.size), choice);
  const basePath = `/catalog/${section.slug}/`;
  return {
    section,
    query,
    listing,
    basePath,
    canonical: url.origin + basePath + buildListingSearch({ ...query, view: "grid", num: undefined, from: undefined }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Раздел не найден — Витрина" }];
  const { section, query, canonical } = loaderData;
  const page = query.page > 1 ? `, страница ${query.page}` : "";
  return [
    { title: `${section.title}${page} — купить в интернет-магазине Витрина` },
    { name: "description", content: section.description },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
};

export default function CatalogSection({ loaderData }: Route.ComponentProps) {
  const { section, query, listing, basePath } = loaderData;
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { href: "/", title: "Главная" },
          { href: "/catalog/", title: "Каталог" },
          ...section.ancestors.map((a) => ({ href: `/catalog/${a.slug}/`, title: a.title })),
        ]}
        current={section.title}
      />
      <header className="catalog-heading">
        <h1>
          {section.title} <span className="catalog-heading__count">{countOf(listing.total, PRODUCT_FORMS)}</span>
        </h1>
        {section.description ? <p className="catalog-heading__description">{section.description}</p> : null}
        <SubsectionLinks items={section.children} />
      </header>
      <ListingLayout basePath={basePath} query={query} listing={listing} />
    </div>
  );
}
