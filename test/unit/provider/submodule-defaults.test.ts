// Issue 39 item 1: which submodule values the private state records at their defaults, and when it stops.
import { decodeInstance } from "../../../src/provider/instance/model";
import { decodePrivate, encodePrivate } from "../../../src/provider/instance/private";
import { defaultsAfterRead, defaultsLeft } from "../../../src/provider/instance/submodule-defaults";
import { APP, WEBSHOP_MANIFEST, instance, status } from "./fakes";

const launched = (values: Record<string, unknown>) =>
  decodeInstance(instance({ application_id: APP, manifest: WEBSHOP_MANIFEST, ...values }));

describe("the submodule values a launch or reconfigure left to their defaults", () => {
  test("a free value not sent is recorded with db's version; the bound size follows db-size and is not", () => {
    expect(defaultsLeft(launched({}), status())).toEqual({
      db: { version: 1, values: { "input.engine": "postgres-15" } },
    });
  });

  test("a value the configuration lists, or sends as a secret, is not at a default", () => {
    const listed = {
      db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "pg-16" } },
    };
    expect(defaultsLeft(launched({ submodules: listed }), status())).toBeUndefined();
    const secret = launched({});
    secret.submoduleSecrets = { db: { "input.engine": "hunter2" } };
    expect(defaultsLeft(secret, status())).toBeUndefined();
  });

  test("without the manifest nothing is recorded: a bound value would look like a default", () => {
    expect(defaultsLeft(launched({ manifest: null }), status())).toBeUndefined();
  });

  test("a read of db at another manifest version drops its record; an unread db keeps it", () => {
    const record = { db: { version: 1, values: { "input.engine": "postgres-15" } } };
    const moved = status();
    moved.submodules.db = { ...moved.submodules.db, manifestVersion: 2 };
    expect(defaultsAfterRead(record, moved)).toBeUndefined();
    expect(defaultsAfterRead(record, status({ submodules: {} }))).toEqual(record);
    expect(defaultsAfterRead(record, status())).toEqual(record);
  });

  test("the private state keeps it compactly, beside the other marks", () => {
    const p = {
      historyAtFullRead: 3,
      defaults: { db: { version: 1, values: { "input.engine": "postgres-15" } } },
    };
    const bytes = encodePrivate(p);
    expect(bytes.toString()).toBe('{"h":3,"d":{"db":[1,{"input.engine":"postgres-15"}]}}');
    expect(decodePrivate(bytes)).toEqual(p);
  });

  test("a private state an earlier provider wrote still reads (issue 38 shortened its keys)", () => {
    expect(decodePrivate(Buffer.from('{"historyAtFullRead":4}'))).toEqual({ historyAtFullRead: 4 });
  });
});
