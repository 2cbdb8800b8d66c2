import { Link } from "react-router";
import type { Route } from "./+types/home";
import { servicesContext } from "../context.ts";
import { listSectionTree, listShelfProducts, loadSectionCovers } from "../features/catalog/index.server.ts";
import { listLatestNews } from "../features/content/index.server.ts";
import { loadShopCounts } from "../features/settings/index.server.ts";
import { jsonForScript } from "../features/product/index.ts";
import { activePromos } from "../features/promo/index.ts";
import { inCities, shopJsonLd } from "../features/settings/index.ts";
import { useNonce } from "../nonce.ts";
import { useRootData } from "../root-data.ts";
import { HomeHero, SectionTiles, Advantages, NewsTeasers } from "../features/content/components.ts";
import { PromoSlider } from "../features/promo/components.ts";
import { ProductCard } from "../features/catalog/components.ts";
import { ListSlider } from "../ui/ListSlider.tsx";
import { RevealOnScroll } from "../ui/RevealOnScroll.tsx";
import "../features/content/Home.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Витрина — мебель и интерьер с доставкой" },
  {
    name: "description",
    content: `Диваны, столы, шкафы, кровати, свет и текстиль. Доставка по России, подъём на этаж${
      loaderData?.showroomCities ? `, шоурумы ${inCities(loaderData.showroomCities)}` : ""
    }.`,
  },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [popular, news, fresh, counts, tree] = await Promise.all([
    listShelfProducts(db, "popular", 8),
    listLatestNews(db, 3),
    listShelfProducts(db, "new", 8),
    loadShopCounts(db),
    listSectionTree(db),
  ]);
  const covers = await loadSectionCovers(
    db,
    tree.map((s) => s.id),
  );
  return {
    popular,
    news,
    fresh,
    covers,
    promos: activePromos(Date.now()),
    showroomCities: counts.cities.length,
    jsonLd: jsonForScript(shopJsonLd(new URL(request.url).origin, counts)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const sections = useRootData()?.sections ?? [];
  const nonce = useNonce();
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <HomeHero />
      <PromoSlider promos={loaderData.promos} />
      <div className="container">
        <section className="page-section" aria-labelledby="home-sections">
          <h2 id="home-sections">Разделы каталога</h2>
          <SectionTiles sections={sections} covers={loaderData.covers} />
        </section>
        <RevealOnScroll>
          <section className="page-section" aria-labelledby="home-popular" id="popular">
            <div className="home__heading">
              <h2 id="home-popular">Популярное</h2>
              <Link to="/catalog/">Весь каталог</Link>
            </div>
            <ul className="home__products">
              {loaderData.popular.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
            </ul>
          </section>
        </RevealOnScroll>
        {loaderData.fresh.length ? (
          <RevealOnScroll>
            <section className="page-section" aria-labelledby="home-fresh">
              <h2 id="home-fresh">Новинки</h2>
              <ListSlider label="Новинки">
                {loaderData.fresh.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </ListSlider>
            </section>
          </RevealOnScroll>
        ) : null}
        <RevealOnScroll>
          <Advantages showroomCities={loaderData.showroomCities} />
        </RevealOnScroll>
        <RevealOnScroll>
          <section className="page-section" aria-labelledby="home-news">
            <div className="home__heading">
              <h2 id="home-news">Новости</h2>
              <Link to="/news/">Все новости</Link>
            </div>
            <NewsTeasers news={loaderData.news} />
          </section>
        </RevealOnScroll>
      </div>
    </>
  );
}
