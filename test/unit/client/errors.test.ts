import {
  ApiError,
  AuthError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  RequestTimeoutAnswerError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  ServerError,
} from "../../../src/client";
import { EMAIL, INST, PASSWORD, REFRESH, fakeJwt, harness } from "./helpers";

const PATH = `/api/1/instances/${INST}`;

describe("error mapping", () => {
  it.each([
    [400, BadRequestError, "E_BAD_REQUEST"],
    [401, AuthError, "E_AUTH"],
    [403, ForbiddenError, "E_FORBIDDEN"],
    [404, NotFoundError, "E_NOT_FOUND"],
    [408, RequestTimeoutAnswerError, "E_REQUEST_TIMEOUT"],
    [409, ConflictError, "E_CONFLICT"],
    [413, PayloadTooLargeError, "E_TOO_LARGE"],
    [429, RateLimitError, "E_RATE_LIMIT"],
    [500, ServerError, "E_SERVER"],
    [503, ServerError, "E_SERVER"],
    [418, ApiError, "E_API"],
  ])(
    "%i → %p with code %s, the service's errors[], method, path and request id",
    async (status, cls, code) => {
      const h = harness({ maxRetries: 0 });
      h.pool
        .intercept({ path: PATH })
        .reply(
          status,
          { errors: ["first problem", "second problem"] },
          { headers: { "x-request-id": "req-77" } },
        );
      const err = (await h.client.getInstance(INST).catch((e: unknown) => e)) as ApiError;
      expect(err).toBeInstanceOf(cls);
      expect(err).toMatchObject({
        code,
        status,
        errors: ["first problem", "second problem"],
        method: "GET",
        path: PATH,
        requestId: "req-77",
      });
      expect(err.message).toContain(`GET ${PATH} failed with HTTP ${status}: first problem; second problem`);
      expect(err.message).toContain("req-77");
    },
  );

  it("keeps a non-JSON error body as one message and copes with an empty one", async () => {
    const h = harness({ maxRetries: 0 });
    h.pool.intercept({ path: PATH }).reply(502, "Bad Gateway from proxy");
    h.pool.intercept({ path: PATH }).reply(404, "");
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ errors: ["Bad Gateway from proxy"] });
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ errors: [], requestId: undefined });
  });

  it("never puts credentials into errors (Basic and Bearer)", async () => {
    const jwt = fakeJwt({ exp: Date.UTC(2026, 0, 1) / 1000 + 3600, sub: "SECRET-subject" });
    const basic = harness({ maxRetries: 0 });
    basic.pool.intercept({ path: PATH }).reply(401, { errors: ["bad credentials"] });
    const bearer = harness({ maxRetries: 0, refreshToken: REFRESH });
    bearer.pool
      .intercept({ path: "/refreshToken/jwtBearer", method: "POST" })
      .reply(200, { jwtBearer: jwt, expiresIn: 3600 });
    bearer.pool.intercept({ path: PATH }).reply(403, { errors: ["not your organization"] });
    const refused = harness({ maxRetries: 0, refreshToken: REFRESH });
    refused.pool
      .intercept({ path: "/refreshToken/jwtBearer", method: "POST" })
      .reply(401, { errors: ["unknown token"] });

    const errors = [
      await basic.client.getInstance(INST).catch((e: unknown) => e),
      await bearer.client.getInstance(INST).catch((e: unknown) => e),
      await refused.client.getInstance(INST).catch((e: unknown) => e),
    ] as Error[];
    expect(errors.map((e) => (e as ApiError).code)).toEqual(["E_AUTH", "E_FORBIDDEN", "E_AUTH"]);
    const basicHeader = Buffer.from(`${EMAIL}:${PASSWORD}`).toString("base64");
    for (const e of errors) {
      const everything = `${e.message}\n${e.stack}\n${JSON.stringify(e)}\n${JSON.stringify(Object.entries(e))}`;
      for (const secret of [PASSWORD, REFRESH, jwt, basicHeader]) {
        expect(everything).not.toContain(secret);
      }
    }
  });
});
