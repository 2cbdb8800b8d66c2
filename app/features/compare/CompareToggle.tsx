import { useFetcher } from "react-router";
import { useRootData } from "../../root-data.ts";
import { Icon } from "../../ui/Icon.tsx";

/**
 * «Сравнить» for one product: a plain form that posts and comes back without JavaScript; with
 * it, a background toggle whose pressed state shows at once and is confirmed by the header count.
 */
export function CompareToggle({ productId, back, variant }: { productId: number; back: string; variant: "icon" | "button" }) {
  const fetcher = useFetcher({ key: `compare-${productId}` });
  const comparedNow = useRootData()?.compared.includes(productId) ?? false;
  const compared = fetcher.state !== "idle" ? !comparedNow : comparedNow;
  return (
    <form
      method="post"
      action="/compare/toggle/"
      className="compare-toggle"
      onSubmit={(e) => {
        e.preventDefault();
        void fetcher.submit({ id: productId }, { method: "post", action: "/compare/toggle/", encType: "application/json" });
      }}
    >
      <input type="hidden" name="id" value={productId} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className={variant === "icon" ? "icon-button card-actions__compare-button" : "button button--ghost"}
        aria-pressed={compared}
        title={compared ? "Убрать из сравнения" : "Добавить к сравнению"}
      >
        <Icon name="git-compare" size={variant === "icon" ? 20 : 18} />
        {variant === "icon" ? <span className="visually-hidden">Сравнить</span> : " Сравнить"}
      </button>
    </form>
  );
}
