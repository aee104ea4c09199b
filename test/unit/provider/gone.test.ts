// A 404 for an instance's status is not "gone" by itself (issue 27 item 2): against the scripted fake client,
// read and delete drop the instance only when its environment's (else its application's) list lacks it, and
// otherwise fail naming the credentials and the organizations they see, keeping the state.
import type { Value } from "../../../src/terraform-model";
import { APP, ENV, ID, configuredProvider, err, instance, stateOf, status } from "./fakes";

const prior = stateOf(instance({ application_id: APP, instance_name: "shop" }));
const read = (h: Awaited<ReturnType<typeof configuredProvider>>, currentState: Value) =>
  h.provider.readResource({ typeName: "appmgmt_instance", currentState, private: Buffer.alloc(0) });
const listed = () => [status()];

describe("a 404 for an instance's status", () => {
  it("removes it when its environment lists it no more", async () => {
    const h = await configuredProvider({ statuses: [err.notFound()], instances: [] });
    const res = await read(h, prior);
    expect(res.diagnostics).toEqual([]);
    expect(res.newState).toBeNull();
    expect(h.client.calls.map((c) => c.method)).toContain("listInstances");
  });

  it("removes it when its environment cannot be read but its application lists it no more", async () => {
    const h = await configuredProvider({
      statuses: [err.notFound()],
      instances: [],
      listErrors: { environment: err.notFound() },
    });
    expect((await read(h, prior)).newState).toBeNull();
  });

  it("keeps it, with an error, when its environment still lists it", async () => {
    const h = await configuredProvider({ statuses: [err.notFound()], instances: listed });
    const res = await read(h, prior);
    expect(res.newState).toEqual(prior);
    expect(res.diagnostics[0]).toMatchObject({ severity: "error" });
    expect(res.diagnostics[0].detail).toContain(
      `environment ${ENV} lists it, yet its status read answers 404`,
    );
  });

  it("keeps it when neither its environment nor its application is visible, naming the credentials", async () => {
    const h = await configuredProvider({
      statuses: [err.notFound()],
      listErrors: { environment: err.notFound(), application: err.notFound() },
    });
    const res = await read(h, prior);
    expect(res.newState).toEqual(prior);
    expect(res.diagnostics).toHaveLength(1);
    const d = res.diagnostics[0];
    expect(d.summary).toBe(`Instance ${ID} is not visible to these credentials`);
    expect(d.detail).toContain(`instance ${ID}, its environment ${ENV}, its application ${APP}`);
    expect(d.detail).toContain("The provider uses user demo@example.com (email and password)");
    expect(d.detail).toContain('which can see organization "Demo Org"');
    expect(d.detail).not.toMatch(/s3cret|rt-very-secret/);
  });

  it("a delete keeps it in the state the same way", async () => {
    const h = await configuredProvider({
      statuses: [err.notFound()],
      listErrors: { environment: err.notFound(), application: err.notFound() },
    });
    const res = await h.provider.applyResourceChange({
      typeName: "appmgmt_instance",
      priorState: prior,
      plannedState: null,
      config: null,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(res.newState).toEqual(prior);
    expect(h.client.calls.map((c) => c.method)).not.toContain("destroy");
    expect(res.diagnostics[0].summary).toContain("is not visible to these credentials");
  });
});
