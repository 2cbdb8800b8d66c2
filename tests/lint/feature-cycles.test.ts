// No cycle between features (docs/architecture.md, «Import rules»; decision 106). Every feature's
// dependencies, read from its imports, form a graph without cycles, so each feature can be read,
// tested and changed on top of the ones below it. A dependency that would close a cycle fails
// here: give the shared piece its home in the lower feature, in app/lib or app/ui, or let the
// route compose the two features (decision 106 shows how each earlier cycle was taken apart).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycleEdges, featureGraph } from "./feature-graph.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("dependencies between features", () => {
  it("close no cycle", () => {
    expect(cycleEdges(featureGraph(root)), "dependencies on a cycle between features").toEqual([]);
  });

  it("are read from the source: a feature's import of another shows in the graph", () => {
    const graph = featureGraph(root);
    expect(graph.get("checkout")?.has("cart")).toBe(true);
    // the cart page hands the checkout's «Купить в 1 клик» to the cart, which imports no checkout
    expect(graph.get("cart")?.has("checkout") ?? false).toBe(false);
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
