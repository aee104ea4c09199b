// How a workflow request (reconfigure, destroy) that the service did not accept is reported. The client
// sends a request refused as busy (409: another workflow runs) again until the operation's deadline, so a
// ConflictError here means the instance was still busy when the timeout ran out.

import { type Diagnostic, errorCode, errorDiagnostic, errorMessage } from "../../terraform-model";

export function notAccepted(id: string, what: string, e: unknown): Diagnostic {
  const detail =
    errorCode(e) === "E_CONFLICT"
      ? `${errorMessage(e)}. The instance was still busy when the timeout ran out: raise timeouts or apply again later.`
      : errorMessage(e);
  return errorDiagnostic(`Instance ${id}: ${what} failed`, detail);
}
