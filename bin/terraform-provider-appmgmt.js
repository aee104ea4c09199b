#!/usr/bin/env node
// The provider executable of the npm package (unbundled); `appmgmt install-provider` installs a
// bundled copy where terraform looks for it.
"use strict";
require("../lib/cli/provider-main.js");
