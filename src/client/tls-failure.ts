// What a failed TLS handshake means for the user: which certificate problem, and the fix. The codes are
// OpenSSL's verify results and Node's host name check, as Node reports them.
import { fromCauses } from "./outcome";

const UNTRUSTED_FIX =
  "set ca_cert_pem to the PEM of the CA that signed the service's certificate (or of the certificate itself " +
  "if it is self-signed); insecure = true skips verification, for a lab only";

/** The problem and the fix for TLS failure `code` (`cause` is the error, for the host name check's reason). */
export function tlsFailureHint(code: string | undefined, cause: unknown): string {
  switch (code) {
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "SELF_SIGNED_CERT_IN_CHAIN":
      return `the service's certificate is self-signed and not trusted: ${UNTRUSTED_FIX}`;
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
      return `the service's certificate is signed by an unknown CA: ${UNTRUSTED_FIX}`;
    case "ERR_TLS_CERT_ALTNAME_INVALID": {
      // Node's reason, e.g. "Host: localhost. is not in the cert's altnames: IP Address:127.0.0.1".
      const reason = fromCauses(cause, "reason");
      return (
        `the service's certificate is for another host name${reason ? ` (${reason})` : ""}: ` +
        "use a base_url host name that the certificate names, or have a certificate issued for this one"
      );
    }
    case "CERT_HAS_EXPIRED":
    case "CERT_NOT_YET_VALID":
      return "the service's certificate is not valid at this time: renew it, or check this machine's clock";
    default:
      return `the TLS handshake failed: check base_url's scheme and port, and ca_cert_pem (${UNTRUSTED_FIX})`;
  }
}
