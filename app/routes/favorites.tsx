import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { servicesContext, sessionContext } from "../context.ts";
import { clearFavorites, favoriteIds, setFavorite } from "../features/favourites/index.server.ts";
import { loadProductCards } from "../features/catalog/index.server.ts";
import { parseFavoriteRequest } from "../features/favourites/index.ts";
import { countOf, PRODUCT_FORMS } from "../lib/format.ts";
import { Breadcrumbs, ProductCard } from "../features/catalog/components.ts";
import { Icon } from "../ui/Icon.tsx";
import "../features/catalog/ListingResults.css";
import "../features/favourites/Favorites.css";

export const meta: Route.MetaFunction = () => [{ title: "Избранное — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  // the catalogue's cards of the visitor's favourites; products gone from the catalogue drop out quietly
  return { products: await loadProductCards(db, await favoriteIds(db, context.get(sessionContext))) };
}

/**
 * «В избранное» from any page: `id`, `on` (1/0) and `back`, or `clear=all`. The script sends JSON and
 * gets `{favorite, count}`; a plain form goes back where it came from (303). A refusal is a 4xx with
 * a Russian message: JSON for the script, this page with the message for a plain form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  let body: Record<string, unknown> = {};
  try {
    const value: unknown = json ? await request.json() : Object.fromEntries(await request.formData());
    if (value && typeof value === "object" && !Array.isArray(value)) body = value as Record<string, unknown>;
  } catch {
    return data({ error: "Не удалось прочитать запрос. Обновите страницу и попробуйте ещё раз.", back: "/favorites/" }, { status: 400 });
  }
  const parsed = parseFavoriteRequest(body);
  if (!parsed.ok) return data({ error: parsed.message, back: parsed.back }, { status: 400 });
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  if (parsed.action === "clear") {
    await clearFavorites(db, session);
    return json ? { favorite: false, count: 0 } : redirect(parsed.back, 303);
  }
  const result = await setFavorite(db, session, parsed.id, parsed.on);
  if (!result.ok) return data({ error: result.message, back: parsed.back }, { status: result.status });
  return json ? { favorite: result.favorite, count: result.count } : redirect(parsed.back, 303);
}

export default function Favorites({ loaderData, actionData }: Route.ComponentProps) {
  const { products } = loaderData;
  const refusal = actionData && "error" in actionData ? actionData : null;
  return (
    <div className="container favorites">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Избранное" />
      <div className="favorites__head">
        <h1>Избранное</h1>
        {products.length ? <p className="favorites__count">{countOf(products.length, PRODUCT_FORMS)}</p> : null}
      </div>
      {refusal ? (
        <div className="favorites__notice" role="alert">
          <p>{refusal.error}</p>
          {refusal.back !== "/favorites/" ? <Link to={refusal.back}>Вернуться назад</Link> : null}
        </div>
      ) : null}
      {products.length ? (
        <>
          <ul className="listing-results listing-results--grid">
            {products.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} eager={i < 4} />
              </li>
            ))}
          </ul>
          <Form method="post" action="/favorites/" className="favorites__clear">
            <input type="hidden" name="clear" value="all" />
            <button type="submit" className="button button--ghost">
              <Icon name="trash-2" size={18} /> Очистить избранное
            </button>
          </Form>
        </>
      ) : (
        <div className="favorites__empty">
          <Icon name="heart" size={40} />
          <p>В избранном пока ничего нет. Нажмите на сердечко на карточке товара, чтобы вернуться к нему позже.</p>
          <Link to="/catalog/" className="button">
            Перейти в каталог
          </Link>
        </div>
      )}
    </div>
  );
}
