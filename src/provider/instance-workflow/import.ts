// Import: a run is not an object of the service, so there is nothing to import.

import { WORKFLOW_TYPE } from "../../resource-types";
import { importFailed, type ImportResult } from "../resource";

export function importWorkflowRun(): Promise<ImportResult> {
  return Promise.resolve(
    importFailed(
      `${WORKFLOW_TYPE} cannot be imported`,
      "A workflow run is not an object of the service: declare the resource and apply to run the workflow, " +
        "or leave it out if the run is already done.",
    ),
  );
}
