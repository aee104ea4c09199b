#!/usr/bin/env node
// The plan-forecast property, full run (issue 35 item 7): seeded estates (applications with submodules two
// levels deep, bound and free parameters, secrets top-level and bound, values at and away from their defaults,
// two manifest versions) and one change each (a parameter changed, dropped, set to its default, a secret rotated
// or absent, the manifest version raised, a submodule value changed, a bound value changed; a fifth adopted
// first). Each case: terraform plan, `appmgmt review` of it, apply; every value the service holds afterwards
// (every instance and submodule) must be what the plan and the review said, and a case the plan refuses must
// change nothing. One simulator, one terraform working directory, the cases of a round as resources of one
// configuration (test/forecast/run.ts, shared with test/acceptance/plan-forecast.test.ts).
//
//   node bench/plan-forecast.js [--seed N] [--cases 200] [--batch 50] [--only 17,42] [--out results.json]
//
// Prints each failing case with what differed and the case as a terraform configuration, then the held/failed
// count per change class; exits 1 when any case failed. Needs `npm run build` (the provider and `appmgmt
// review` run from it) and terraform on the PATH. The bar: every case holds.
"use strict";
require("./usage").helpOnRequest(__filename);
const fs = require("node:fs");
const { parseArgs } = require("node:util");

require("../scripts/register-ts");
/** @type {typeof import("../test/forecast/run")} */
const { runForecast, summarise } = require("../test/forecast/run");
/** @type {typeof import("../test/helpers/simulator")} */
const { startTestSimulator } = require("../test/helpers/simulator");
/** @type {typeof import("../test/helpers/provider")} */
const { installTestProvider } = require("../test/helpers/provider");
/** @type {typeof import("../test/helpers/terraform")} */
const { TerraformWorkspace } = require("../test/helpers/terraform");

const { values: flags } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    cases: { type: "string", default: "200" },
    batch: { type: "string", default: "50" },
    only: { type: "string" },
    out: { type: "string" },
  },
});

async function main() {
  const seed = Number(flags.seed);
  const cases = flags.only
    ? flags.only.split(",").map(Number)
    : Array.from({ length: Number(flags.cases) }, (_, i) => i);
  const [svc, provider] = await Promise.all([startTestSimulator(), installTestProvider()]);
  const tf = TerraformWorkspace.create({ provider, env: svc.env });
  const started = Date.now();
  try {
    const results = await runForecast(svc, tf, {
      seed,
      cases,
      batch: Number(flags.batch),
      log: (line) => console.error(line),
    });
    for (const r of results.filter((x) => x.problems.length > 0))
      console.log(
        `\n## case ${r.c.index} (${r.c.change}${r.c.adoption ? ", adopted first" : ""}) failed${r.refused ? ` (refused by the plan: ${r.refused})` : ""}\n${r.problems.map((p) => `- ${p}`).join("\n")}\n\n${r.hcl}`,
      );
    console.log(`\n${summarise(results)}`);
    console.log(`seed ${seed}, ${results.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (flags.out) fs.writeFileSync(flags.out, JSON.stringify(results, null, 2));
    process.exitCode = results.some((r) => r.problems.length > 0) ? 1 : 0;
  } finally {
    tf.remove();
    provider.remove();
    await svc.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
