"use strict";
// Loaded with `NODE_OPTIONS=--require <this file>` (node refuses --cpu-prof there): profiles the whole
// process with V8's sampling profiler and writes <pid>.cpuprofile into $APPMGMT_BENCH_CPU_PROF_DIR at exit.
const fs = require("node:fs");
const path = require("node:path");
const inspector = require("node:inspector");

const dir = process.env.APPMGMT_BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // A same-thread inspector session answers synchronously, so this works inside the `exit` handler.
  process.on("exit", () =>
    session.post("Profiler.stop", (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    }),
  );
}
