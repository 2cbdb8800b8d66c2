import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * After a «Выше»/«Ниже» the page comes back with `?moved=<row>&dir=up|down`: the pressed button
 * (found by its `data-move`) gets the focus back, so a keyboard user can press it again; the
 * other one when the row reached the end and the pressed one is disabled.
 */
export function useMoveFocus(root: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const moved = params.get("moved");
    const dir = params.get("dir");
    if (!moved || (dir !== "up" && dir !== "down")) return;
    const find = (d: string) => root.current?.querySelector<HTMLButtonElement>(`button[data-move="${CSS.escape(`${moved}:${d}`)}"]:not(:disabled)`);
    (find(dir) ?? find(dir === "up" ? "down" : "up"))?.focus();
  }, [root, location.key, location.search]);
}
