// The corpus of manifests in the service's form (test/fixtures/manifests), for the tests of every tier.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { demoSeed, type SeedData } from "../../src/simulator";

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

/** The demo seed plus the hierarchy's children (db-cluster, db-replica) under the ids the corpus names. */
export function corpusSeed(): SeedData {
  const seed = demoSeed();
  seed.organizations[0].applications.push(
    {
      id: CORPUS_CHILD_APPS["db-replica"],
      name: "db-replica",
      manifests: { "1": corpusManifest("db-replica") },
    },
    {
      id: CORPUS_CHILD_APPS["db-cluster"],
      name: "db-cluster",
      manifests: { "1": corpusManifest("db-cluster") },
    },
  );
  return seed;
}
