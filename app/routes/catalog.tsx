import type { Route } from "./+types/catalog";
import { servicesContext } from "../context.ts";
import { getCatalogIndex, listSectionTree, loadSectionCovers } from "../features/catalog/index.server.ts";
import { Breadcrumbs, SectionGrid } from "../features/catalog/components.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Каталог мебели и товаров для интерьера — Витрина" },
  { name: "description", content: "Все разделы каталога: диваны и кресла, столы и стулья, шкафы, кровати, освещение, текстиль, декор." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [tree, index] = await Promise.all([listSectionTree(db), getCatalogIndex(db)]);
  const countOf = (id: number) => index.sections.get(id)?.count() ?? 0;
  const covers = await loadSectionCovers(
    db,
    tree.map((s) => s.id),
  );
  return {
    sections: tree.map((s) => ({
      slug: s.slug,
      title: s.title,
      count: countOf(s.id),
      image: covers[s.id] ?? null,
      children: s.children.map((c) => ({ slug: c.slug, title: c.title, count: countOf(c.id) })),
    })),
  };
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Каталог" />
      <h1>Каталог</h1>
      <SectionGrid sections={loaderData.sections} />
    </div>
  );
}
