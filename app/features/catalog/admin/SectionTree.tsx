import { useRef } from "react";
import { Form, Link } from "react-router";
import type { TreeEntry } from "../section-tree.ts";
import { countOf, PRODUCT_FORMS } from "../../../lib/format.ts";
import { SectionMoveButtons } from "./SectionMoveButtons.tsx";
import { useMoveFocus } from "./useMoveFocus.ts";

/**
 * The sections as nested lists: each with its product count (subsections included), its
 * storefront page, its products in the back office and «Выше»/«Ниже» among its siblings (the
 * pressed one keeps the focus after the move: useMoveFocus).
 */
export function SectionTree({ entries }: { entries: TreeEntry[] }) {
  const root = useRef<HTMLDivElement>(null);
  useMoveFocus(root);

  const childrenOf = new Map<number | null, TreeEntry[]>();
  for (const e of entries) {
    const key = e.depth === 0 ? null : e.parentId;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), e]);
  }
  const list = (parent: number | null, depth: number) => {
    const items = childrenOf.get(parent) ?? [];
    if (!items.length) return null;
    return (
      <ul className={depth === 0 ? "section-tree" : "section-tree section-tree--nested"}>
        {items.map((s) => (
          <li key={s.id} className="section-tree__item">
            <div className="section-tree__row">
              <Link id={`section-${s.id}-title`} className="section-tree__title" to={`/admin/sections/${s.id}/`}>
                {s.title}
              </Link>
              <span className="section-tree__count">{countOf(s.totalProducts, PRODUCT_FORMS)}</span>
              <span className="section-tree__links">
                <a href={`/catalog/${s.slug}/`} aria-describedby={`section-${s.id}-title`}>
                  На сайте
                </a>
                <Link to={`/admin/products/?section=${s.id}`} aria-describedby={`section-${s.id}-title`}>
                  Товары раздела
                </Link>
              </span>
              <Form method="post" preventScrollReset className="section-tree__move">
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={s.id} />
                <input type="hidden" name="version" value={s.version} />
                <SectionMoveButtons id={s.id} first={s.first} last={s.last} describedBy={`section-${s.id}-title`} />
              </Form>
            </div>
            {list(s.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <div ref={root} className="section-tree-wrap">
      {list(null, 0)}
    </div>
  );
}
