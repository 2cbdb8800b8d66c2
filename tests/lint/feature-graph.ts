// The dependencies between features, read from the source: which feature's code imports which
// other feature (type-only imports left out: they are erased before anything runs).
import fs from "node:fs";
import path from "node:path";

const IMPORT = /^(?:import|export)(?!\s+type\b)[^;]*?from\s*"(\.{1,2}\/[^"]+)"|^import\s*"(\.{1,2}\/[^"]+)"|import\("(\.{1,2}\/[^"]+)"\)/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** feature → the features it imports */
export function featureGraph(root: string): Map<string, Set<string>> {
  const features = path.join(root, "app/features");
  const featureOf = (file: string) => path.relative(features, file).split(path.sep)[0]!;
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(features)) {
    const from = featureOf(file);
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), (m[1] ?? m[2] ?? m[3])!);
      if (!target.startsWith(features + path.sep)) continue;
      const to = featureOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** the edges that lie on a cycle: both ends in one strongly connected component (Tarjan) */
export function cycleEdges(graph: Map<string, Set<string>>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let components = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.set(w, components);
      } while (w !== v);
      components++;
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const edges: string[] = [];
  for (const [a, targets] of graph) for (const b of targets) if (component.get(a) === component.get(b)) edges.push(`${a} -> ${b}`);
  return edges.sort();
}
