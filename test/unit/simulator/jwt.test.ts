// The simulator's session tokens: a token verified once is remembered, and still expires and still has to be
// the very token that was signed.
import { JwtSigner } from "../../../src/simulator/auth";

const T0 = Date.parse("2026-01-01T00:00:00Z");

test("a verified token keeps being accepted until its expiry, then is refused as expired", () => {
  const signer = new JwtSigner(Buffer.from("secret-a"), 60);
  const { jwt } = signer.sign("user@example.test", T0);
  expect(signer.verify(jwt, T0 + 1_000)).toEqual({ ok: true, subject: "user@example.test" });
  expect(signer.verify(jwt, T0 + 59_000)).toEqual({ ok: true, subject: "user@example.test" });
  expect(signer.verify(jwt, T0 + 60_000)).toEqual({ ok: false, reason: "expired" });
});

test("a changed signature or payload is refused even after the genuine token was verified", () => {
  const signer = new JwtSigner(Buffer.from("secret-a"), 60);
  const { jwt } = signer.sign("user@example.test", T0);
  expect(signer.verify(jwt, T0).ok).toBe(true);
  const [header, payload, signature] = jwt.split(".");
  const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
  expect(signer.verify(`${header}.${payload}.${flipped}`, T0)).toEqual({ ok: false, reason: "invalid" });
  const otherPayload = Buffer.from(JSON.stringify({ sub: "admin@example.test", exp: 9e9 })).toString(
    "base64url",
  );
  expect(signer.verify(`${header}.${otherPayload}.${signature}`, T0)).toEqual({
    ok: false,
    reason: "invalid",
  });
});

test("another signing key's token is refused (a restarted service)", () => {
  const before = new JwtSigner(Buffer.from("secret-a"), 60);
  const after = new JwtSigner(Buffer.from("secret-b"), 60);
  const { jwt } = before.sign("user@example.test", T0);
  expect(before.verify(jwt, T0).ok).toBe(true);
  expect(after.verify(jwt, T0)).toEqual({ ok: false, reason: "invalid" });
});
