// The corpus of manifests in the service's form (test/fixtures/manifests), for the tests of every tier.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { ManifestError, parseManifest } from "../../src/manifest";
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
  "interface-parameters",
  "interface-bindings",
  "yaml-anchors",
  "flow-mapping-indent",
  "submodule-by-name",
  "wildcard-pins",
  "tier-top",
  "tier-middle",
  "tier-bottom",
] as const;
export type CorpusName = (typeof CORPUS)[number];

/**
 * Application ids the corpus's `__locator.application-id`s name: db-cluster.yml, db-replica.yml, tier-middle.yml,
 * tier-bottom.yml; and the one application named "Database" (db-replica.yml's manifest), which
 * submodule-by-name.yml names.
 */
export const CORPUS_CHILD_APPS = {
  "db-cluster": "5f00000000000000000031c1",
  "db-replica": "5f00000000000000000031c2",
  "tier-middle": "5f00000000000000000036b2",
  "tier-bottom": "5f00000000000000000036b3",
  Database: "5f00000000000000000036b4",
} as const;

export function corpusManifest(name: CorpusName): string {
  return readFileSync(path.join(CORPUS_DIR, `${name}.yml`), "utf8");
}

/** The demo seed plus the applications the corpus references (CORPUS_CHILD_APPS), children before parents. */
export function corpusSeed(): SeedData {
  const seed = demoSeed();
  const child = (name: keyof typeof CORPUS_CHILD_APPS, manifest: CorpusName) => ({
    id: CORPUS_CHILD_APPS[name],
    name,
    manifests: { "1": corpusManifest(manifest) },
  });
  seed.organizations[0].applications.push(
    child("db-replica", "db-replica"),
    child("db-cluster", "db-cluster"),
    child("tier-bottom", "tier-bottom"),
    child("tier-middle", "tier-middle"),
    child("Database", "db-replica"),
  );
  return seed;
}

/** The problems the parser finds in `yaml`, as `<line>: <message>`; throws when it finds none. */
export function manifestProblems(yaml: string): string[] {
  try {
    parseManifest(yaml);
  } catch (e) {
    if (e instanceof ManifestError) return e.problems.map((p) => `${p.line}: ${p.message}`);
    throw e;
  }
  throw new Error("expected parseManifest to throw");
}
