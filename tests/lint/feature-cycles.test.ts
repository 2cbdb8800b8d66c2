// No new cycle between features (docs/architecture.md, «Rules»). The features grew out of one flat
// folder and still lean on each other in circles (the storefront's cards and the product page use
// the cart, the cart shows cards; most areas record to the staff audit, which names orders…). Those
// dependencies are listed in feature-cycles.json, to be taken apart; this test fails on any other
// dependency that closes a cycle, and on a listed one that no longer does (remove it from the list),
// so the list only shrinks.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycleEdges, featureGraph } from "./feature-graph.ts";

const root = path.resolve(import.meta.dirname, "../..");
const known = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "feature-cycles.json"), "utf8")) as unknown;

describe("dependencies between features", () => {
  it("close no cycle beyond the known ones, and every known one is still there", () => {
    expect(Array.isArray(known) && known.every((e) => typeof e === "string")).toBe(true);
    const onCycles = cycleEdges(featureGraph(root));
    expect(
      onCycles.filter((e) => !(known as string[]).includes(e)),
      "new dependencies that close a cycle between features",
    ).toEqual([]);
    expect(
      (known as string[]).filter((e) => !onCycles.includes(e)),
      "listed dependencies no longer on a cycle: remove them from feature-cycles.json",
    ).toEqual([]);
  });

  it("are read from the source: a feature's import of another shows in the graph", () => {
    const graph = featureGraph(root);
    expect(graph.get("checkout")?.has("cart")).toBe(true);
    expect(graph.get("cart")?.has("checkout") ?? false).toBe(cycleEdges(graph).includes("cart -> checkout"));
  });

  it("find a cycle when there is one", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycleEdges(graph)).toEqual(["a -> b", "b -> c", "c -> a"]);
  });
});
