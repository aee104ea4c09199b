// Import: a run is not an object of the service, so there is nothing to import.

import { type Diagnosed, errorDiagnostic, type ImportedResource } from "../../terraform-model";
import { WORKFLOW_TYPE } from "../../resource-types";

export function importWorkflowRun(): Promise<Diagnosed & { importedResources: ImportedResource[] }> {
  return Promise.resolve({
    importedResources: [],
    diagnostics: [
      errorDiagnostic(
        `${WORKFLOW_TYPE} cannot be imported`,
        "A workflow run is not an object of the service: declare the resource and apply to run the workflow, " +
          "or leave it out if the run is already done.",
      ),
    ],
  });
}
