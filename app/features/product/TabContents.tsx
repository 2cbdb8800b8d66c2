import type { TabContent } from "./product-types.ts";
import { RichText } from "../../ui/RichText.tsx";
import { ReviewList, ReviewForm, type ReviewFormInitial } from "../reviews/components.ts";
import { tabPath } from "./product-tabs.ts";

interface Props {
  content: TabContent;
  slug: string;
  title: string;
  reviewForm?: ReviewFormInitial;
}

/** The body of one product tab, the same whether rendered on the server or loaded by POST. */
export function TabContents({ content, slug, title, reviewForm }: Props) {
  switch (content.tab) {
    case "description":
      return <div className="product-description">{content.html ? <RichText html={content.html} /> : <p>Описание скоро появится.</p>}</div>;
    case "specs":
      return (
        <dl className="product-specs">
          {content.rows.map((r) => (
            <div key={r.title} className="product-specs__row">
              <dt>{r.title}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      );
    case "reviews":
      return (
        <div className="product-reviews">
          <ReviewList path={tabPath(slug, "reviews")} summary={content.summary} list={content.list} />
          <ReviewForm path={tabPath(slug, "reviews")} productTitle={title} initial={reviewForm} />
        </div>
      );
    case "delivery":
      return content.html ? <RichText html={content.html} /> : <p>Условия доставки уточняйте у менеджера.</p>;
  }
}
