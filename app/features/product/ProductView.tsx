import { useRef, useState } from "react";
import type { ProductCardData } from "../catalog/index.ts";
import type { PickupPoint, ProductPageData, TabContent } from "./product-types.ts";
import type { DeliveryEstimate } from "../delivery/index.ts";
import { leadTimeText } from "../delivery/index.ts";
import type { ProductTabId } from "./product-tabs.ts";
import { setTotals } from "./set-price.ts";
import { ListSlider } from "../../ui/ListSlider.tsx";
import { Breadcrumbs, ProductCard } from "../catalog/components.ts";
import { PickupPoints } from "../delivery/components.ts";
import { PriceBlock } from "./PriceBlock.tsx";
import { ProductGallery } from "./ProductGallery.tsx";
import { ProductTabs } from "./ProductTabs.tsx";
import { SetBlock } from "./SetBlock.tsx";
import { SideMenu, type SideMenuItem } from "./SideMenu.tsx";
import { TabContents } from "./TabContents.tsx";
import type { ReviewFormInitial } from "../reviews/components.ts";
import "../catalog/ProductCard.css";
import "./product.css";

export interface ProductViewProps {
  product: ProductPageData;
  tab: ProductTabId;
  content: TabContent;
  related: ProductCardData[];
  viewed: ProductCardData[];
  points: PickupPoint[];
  delivery: DeliveryEstimate;
  mapShown: boolean;
  tileUrl: string;
  attribution: string;
  url: string;
  path: string;
  /** the path with the chosen variant: where posts without JavaScript come back to */
  back: string;
  reviewForm?: ReviewFormInitial;
}

export function ProductView({
  product,
  tab,
  content,
  related,
  viewed,
  points,
  delivery,
  mapShown,
  tileUrl,
  attribution,
  url,
  path,
  back,
  reviewForm,
}: ProductViewProps) {
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const contentColumn = useRef<HTMLDivElement>(null);
  const isSet = product.kind === "set";
  const totals = isSet ? setTotals(product.setItems, product.setDiscount, excluded) : null;
  // a whole set costs what the catalogue says; a set with items left out is priced from them
  const whole = !totals || totals.included.length === product.setItems.length;
  const price = whole ? product.price : totals.price;
  const oldPrice = isSet ? (totals?.oldPrice ?? null) : product.oldPrice;
  const weight = totals ? totals.weight : product.weight;

  const menu: SideMenuItem[] = [
    ...(isSet ? [{ id: "set", title: "Состав комплекта" }] : []),
    { id: "tabs", title: "Описание и отзывы" },
    { id: "pickup", title: "Где забрать" },
    ...(related.length ? [{ id: "related", title: "Похожие товары" }] : []),
    ...(viewed.length ? [{ id: "viewed", title: "Вы смотрели" }] : []),
  ];

  return (
    <div className="container product-page">
      <Breadcrumbs
        items={[
          { href: "/", title: "Главная" },
          { href: "/catalog/", title: "Каталог" },
          ...product.ancestors.map((a) => ({ href: `/catalog/${a.slug}/`, title: a.title })),
          ...(product.section.slug ? [{ href: `/catalog/${product.section.slug}/`, title: product.section.title }] : []),
        ]}
        current={product.title}
      />
      {product.hidden ? (
        <p className="product-page__preview">
          <strong>Скрыт — предпросмотр.</strong> Покупатели не видят этот товар ни в каталоге, ни по этому адресу.
        </p>
      ) : null}
      <h1 className="product-page__title">{product.title}</h1>
      {product.brand ? <p className="product-page__brand">{product.brand}</p> : null}

      <div className="product-page__top">
        <ProductGallery key={`${product.id}-${product.variantId ?? ""}`} images={product.images} videos={product.videos} title={product.title} />
        <PriceBlock
          key={`price-${product.id}`}
          product={product}
          price={price}
          oldPrice={oldPrice}
          weight={weight}
          items={totals?.included}
          back={back}
          path={path}
          shareUrl={url}
          delivery={delivery}
          showroomsWithStock={points.filter((p) => p.kind === "showroom" && p.qty > 0).length}
        />
      </div>

      <div className="product-page__body">
        <aside className="product-page__aside">
          <SideMenu items={menu} listRef={contentColumn} />
        </aside>
        <div className="product-page__content" ref={contentColumn}>
          {isSet && totals ? (
            <SetBlock
              items={product.setItems}
              discount={product.setDiscount}
              totals={{ ...totals, price, saving: totals.oldPrice - price }}
              excluded={excluded}
              onToggle={(id, included) =>
                setExcluded((prev) => {
                  const next = new Set(prev);
                  if (included) next.delete(id);
                  else next.add(id);
                  return next;
                })
              }
            />
          ) : null}

          <section id="tabs" className="product-section" aria-label="Описание, характеристики, отзывы и доставка">
            <ProductTabs
              key={content.tab === "reviews" ? `reviews${JSON.stringify(content.list.query)}` : "tabs"}
              slug={product.slug}
              initialTab={tab}
              initialContent={content}
              renderContent={(c) => <TabContents content={c} slug={product.slug} title={product.title} reviewForm={reviewForm} />}
            />
          </section>

          <PickupPoints
            key={`points-${product.id}`}
            points={points}
            lead={leadTimeText(product.lead.min, product.lead.max)}
            initiallyShown={mapShown}
            path={path}
            tileUrl={tileUrl}
            attribution={attribution}
          />

          {related.length ? (
            <section id="related" className="product-section" aria-labelledby="related-title">
              <h2 id="related-title">Похожие товары</h2>
              <ListSlider label="Похожие товары">
                {related.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </ListSlider>
            </section>
          ) : null}

          {viewed.length ? (
            <section id="viewed" className="product-section" aria-labelledby="viewed-title">
              <h2 id="viewed-title">Вы недавно смотрели</h2>
              <ListSlider label="Вы недавно смотрели">
                {viewed.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </ListSlider>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
