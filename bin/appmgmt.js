#!/usr/bin/env node
// The `appmgmt` command of the npm package (compiled code in lib/).
"use strict";
require("../lib/cli/main.js")
  .main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
