// The instances a launch of this process cannot have created, per application: what the lookup after a lost
// launch answer (instance/lost-launch.ts) compares against. Apart from it so the provider's context can hold one
// without importing the lookup, which takes the context.

import type { ServiceClient } from "./service";

/**
 * The instances of each application that existed before this provider process launched any: one list per
 * application and process (not per launch: an apply of 1,000 would read a list of up to 1,000 instances 1,000
 * times), plus every instance the process launched since. An instance that someone else launches with the
 * same name during the apply is not in it; then two new same-name instances show up and none is adopted.
 */
export class LaunchLedger {
  private readonly known = new Map<string, Promise<Set<string>>>();

  /** Ids of the application's instances that a launch starting now cannot have created. */
  before(client: ServiceClient, appId: string, signal: AbortSignal): Promise<Set<string>> {
    let ids = this.known.get(appId);
    if (!ids) {
      ids = client.listApplicationInstances(appId, { signal }).then((list) => new Set(list.map((i) => i.id)));
      ids.catch(() => this.known.delete(appId)); // a failed read is tried again by the next launch
      this.known.set(appId, ids);
    }
    return ids;
  }

  /** Records an instance this process launched (its answer arrived, or the lookup adopted it). */
  async launched(appId: string, id: string): Promise<void> {
    (await this.known.get(appId))?.add(id);
  }
}
