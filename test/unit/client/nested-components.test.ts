// Nested submodules in the status (issue 19, item 4): a component's own status lists its components in
// turn; the client reads every level and folds it into path keys.
import { harness, INST, instanceBody, JSON_HEADERS } from "./helpers";

it("reads the components of a component and keys them by path", async () => {
  const h = harness();
  const DB = "5f00000000000000000001db";
  const REPLICA = "5f00000000000000000001dc";
  h.pool
    .intercept({ path: `/api/1/instances/${INST}` })
    .reply(
      200,
      { ...instanceBody({ submodules: undefined }), components: [{ id: DB, name: "db", status: "Running" }] },
      JSON_HEADERS,
    );
  h.pool.intercept({ path: `/api/1/instances/${DB}` }).reply(
    200,
    {
      ...instanceBody({
        id: DB,
        name: "db",
        version: 2,
        submodules: undefined,
        parameters: { "input.engine": "pg" },
      }),
      components: [{ id: REPLICA, name: "replica", status: "Running" }],
    },
    JSON_HEADERS,
  );
  h.pool.intercept({ path: `/api/1/instances/${REPLICA}` }).reply(
    200,
    instanceBody({
      id: REPLICA,
      name: "replica",
      version: 4,
      submodules: undefined,
      parameters: { "input.lag": "1s" },
    }),
    JSON_HEADERS,
  );
  const s = await h.client.getInstance(INST);
  expect(s.submodules).toEqual({
    db: { manifestVersion: 2, revision: null, parameters: { "input.engine": "pg" } },
    "db/replica": { manifestVersion: 4, revision: null, parameters: { "input.lag": "1s" } },
  });
  h.agent.assertNoPendingInterceptors();
});
