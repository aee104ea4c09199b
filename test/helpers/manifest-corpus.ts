// The corpus of manifests in the service's form (test/fixtures/manifests), for the tests of every tier.
import { readFileSync } from "node:fs";
import * as path from "node:path";

export const CORPUS_DIR = path.join(__dirname, "..", "fixtures", "manifests");

/** The corpus manifests the tests upload, launch and reconfigure (the hierarchy's children are seeded too). */
export const CORPUS = [
  "workflow-commands",
  "hierarchy-platform",
  "db-cluster",
  "db-replica",
  "dotted-bindings",
  "typed-configuration",
  "service-consumer",
] as const;
export type CorpusName = (typeof CORPUS)[number];

/** Application ids the corpus's `__locator.application-id`s name: db-cluster.yml and db-replica.yml. */
export const CORPUS_CHILD_APPS = {
  "db-cluster": "5f00000000000000000031c1",
  "db-replica": "5f00000000000000000031c2",
} as const;

export function corpusManifest(name: CorpusName): string {
  return readFileSync(path.join(CORPUS_DIR, `${name}.yml`), "utf8");
}
