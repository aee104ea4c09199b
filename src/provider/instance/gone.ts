// Whether an instance whose status read answered 404 is really gone. The service answers 404 for another
// organization's objects as for deleted ones, so a 404 alone proves nothing: credentials of the wrong
// organization would otherwise drop every instance from the state and launch duplicates. It is gone only
// when a list these credentials can read shows where it lived without it.

import { errorCode, errorDiagnostic, failureDiagnostic, type Diagnostic } from "../../terraform-model";
import { notVisibleDiagnostic } from "../not-visible";
import type { ProviderContext } from "../context";
import { known, type InstanceModel } from "./model";

export type GoneCheck = { gone: true; why: string } | { gone: false; diagnostic: Diagnostic };

/** After a 404 for instance `id`: its environment's list, else its application's, decides. */
export async function confirmGone(
  ctx: ProviderContext,
  prior: InstanceModel,
  id: string,
): Promise<GoneCheck> {
  const { client } = ctx.service();
  const o = { signal: ctx.signal };
  const places = [
    { id: known(prior.environmentId), what: "environment", list: client.listInstances.bind(client) },
    {
      id: known(prior.applicationId),
      what: "application",
      list: client.listApplicationInstances.bind(client),
    },
  ];
  const unseen: string[] = [];
  for (const place of places) {
    if (place.id === undefined) continue;
    try {
      const listed = await place.list(place.id, o);
      if (!listed.some((i) => i.id === id))
        return {
          gone: true,
          why: `the service does not find it, and its ${place.what} ${place.id} no longer lists it`,
        };
      return {
        gone: false,
        diagnostic: errorDiagnostic(
          `Reading instance ${id} failed`,
          `Its ${place.what} ${place.id} lists it, yet its status read answers 404. The state keeps it; ` +
            "run terraform again later.",
        ),
      };
    } catch (e) {
      const code = errorCode(e);
      if (code !== "E_NOT_FOUND" && code !== "E_FORBIDDEN")
        return { gone: false, diagnostic: failureDiagnostic(`Reading instance ${id} failed`, e) };
      unseen.push(`its ${place.what} ${place.id}`);
    }
  }
  const looked = [`instance ${id}`, ...unseen].join(", ");
  return { gone: false, diagnostic: await notVisibleDiagnostic(ctx, "instance", id, looked) };
}
