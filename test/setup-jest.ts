// cdktf's jest matchers (toHaveResourceWithProperties, ...) for the construct tests.
import "cdktf/lib/testing/adapters/jest";
import { Testing } from "cdktf";

process.env.CHECKPOINT_DISABLE = "1";
Testing.setupJest();
