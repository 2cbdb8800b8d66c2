// Feature boundaries (docs/architecture.md, «Rules»): code outside a feature reaches it only through
// its entry points, so a feature's files can be reorganised without touching its users, and the
// entry points say at a glance what a feature offers:
//   index.ts         rules, types and messages: plain TypeScript, safe in the browser and under Node
//   index.server.ts  server code (SQL, files, mail): never in a browser bundle
//   components.ts    React components (Node cannot load .tsx, so server code never imports these)
// Stylesheets are not code: a page may import a feature's stylesheet directly.
import path from "node:path";

const ENTRIES = new Set(["index.ts", "index.server.ts", "components.ts"]);
const FEATURES = "app/features/";

/** the feature a repository-relative path lies in, and the rest of the path */
function featureOf(rel) {
  if (!rel.startsWith(FEATURES)) return null;
  const [name, ...rest] = rel.slice(FEATURES.length).split("/");
  return { name, rest: rest.join("/") };
}

const serverSide = (rel) => /\.(server|worker)\.ts$/.test(rel) || /^(server|scripts)\//.test(rel);
const plainModule = (rel) => rel.endsWith(".ts") && !rel.endsWith(".test.ts") && !rel.endsWith("/components.ts");

export default {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      deep: "Import feature «{{feature}}» through its entry point (index.ts, index.server.ts or components.ts), not {{rest}} (docs/architecture.md).",
      components: "Server code and plain modules must not import React components ({{target}}): Node runs them and cannot load .tsx (docs/architecture.md).",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    if (file.startsWith("tests/")) return {};
    const own = featureOf(file);
    // a type-only import is erased before Node or the browser runs the code
    const check = (node, source, typeOnly = false) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      const into = featureOf(target);
      if (into && into.name !== own?.name && !ENTRIES.has(into.rest) && !target.endsWith(".css")) {
        context.report({ node, messageId: "deep", data: { feature: into.name, rest: into.rest } });
        return;
      }
      const component = target.endsWith(".tsx") || (into !== null && into.rest === "components.ts");
      if (component && !typeOnly && (serverSide(file) || plainModule(file))) context.report({ node, messageId: "components", data: { target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, node.importKind === "type"),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, node.exportKind === "type"),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
    };
  },
};
