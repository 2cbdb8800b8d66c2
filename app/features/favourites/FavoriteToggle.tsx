import { useFetcher } from "react-router";
import { useRootData } from "../../root-data.ts";
import { Icon } from "../../ui/Icon.tsx";
import "./FavoriteToggle.css";

interface FavoriteAnswer {
  favorite?: boolean;
  count?: number;
  error?: string;
}

/**
 * «В избранное» for one product: a plain form that posts and comes back without JavaScript; with
 * it, a background post whose pressed state shows at once and is confirmed by the header count.
 * On a card it is a heart over the picture's corner; on the product page a button with its words.
 */
export function FavoriteToggle({ productId, back, variant }: { productId: number; back: string; variant: "card" | "button" }) {
  // one fetcher per product: the same product on a card and on its page shows one state
  const fetcher = useFetcher<FavoriteAnswer>({ key: `favorite-${productId}` });
  const saved = useRootData()?.favorites.includes(productId) ?? false;
  const sent = fetcher.json as { on?: boolean } | undefined;
  const pressed = fetcher.state !== "idle" && typeof sent?.on === "boolean" ? sent.on : saved;
  const refusal = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <form
      method="post"
      action="/favorites/"
      className={`favorite-toggle favorite-toggle--${variant}`}
      onSubmit={(e) => {
        e.preventDefault();
        void fetcher.submit({ id: productId, on: !pressed, back }, { method: "post", action: "/favorites/", encType: "application/json" });
      }}
    >
      <input type="hidden" name="id" value={productId} />
      <input type="hidden" name="on" value={pressed ? "0" : "1"} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className={variant === "card" ? "icon-button favorite-toggle__button" : "button button--ghost favorite-toggle__button"}
        aria-pressed={pressed}
        title={pressed ? "Убрать из избранного" : "Добавить в избранное"}
      >
        <Icon name={pressed ? "heart-filled" : "heart"} size={variant === "card" ? 20 : 18} />
        {variant === "card" ? <span className="visually-hidden">В избранное</span> : " В избранное"}
      </button>
      {refusal ? (
        <p className="favorite-toggle__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
