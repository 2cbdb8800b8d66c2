// Vitest's global setup: integration tests start the production build, so it is rebuilt here,
// once per run, whenever a source file is newer than it (tests/support/build-freshness.ts).
// `npm test` builds just before, so there the build is found fresh and nothing happens.
import path from "node:path";
import { rebuildWhenStale } from "./build-freshness.ts";

export default function setup() {
  rebuildWhenStale(path.resolve(import.meta.dirname, "../.."));
}
