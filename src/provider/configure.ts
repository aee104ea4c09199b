// ConfigureProvider: the settings checked, the service connected with its credentials checked, and what every
// run must be told (TLS verification off). The service is kept by the caller only when this succeeds.

import {
  type Diagnostic,
  failureDiagnostic,
  type Logger,
  type Value,
  warningDiagnostic,
} from "../terraform-model";
import { resolveProviderConfig } from "./config";
import { AuthenticationFailedError } from "./credentials-check";
import type { SecretList } from "./redact";
import type { Service, ServiceFactory } from "./service";

export interface ConfigureInput {
  config: Value;
  terraformVersion: string;
  env: NodeJS.ProcessEnv;
  connect: ServiceFactory;
  log: Logger;
  /** The credentials are added to it before anything can log them. */
  secrets: SecretList;
}

export async function configureService(
  input: ConfigureInput,
): Promise<{ service?: Service; diagnostics: Diagnostic[] }> {
  const { log } = input;
  const { settings, diagnostics } = resolveProviderConfig(input.config, input.env, true);
  if (!settings) return { diagnostics };
  if (settings.insecure) {
    // Every run says so: a lab setting must not go unnoticed into production.
    diagnostics.push(insecureWarning());
    log.warn("insecure = true: the service's TLS certificate is not verified", {
      base_url: settings.baseUrl,
    });
  }
  input.secrets.add(settings.password, settings.refreshToken, settings.sessionToken);
  let service: Service;
  try {
    service = await input.connect(settings, log);
  } catch (e) {
    const summary =
      e instanceof AuthenticationFailedError
        ? "The appmgmt provider's credentials were refused"
        : "Configuring the appmgmt provider failed";
    return { diagnostics: [...diagnostics, failureDiagnostic(summary, e)] };
  }
  if (service.unchecked) diagnostics.push(uncheckedWarning(settings.baseUrl, service.unchecked));
  log.debug("provider configured", {
    base_url: settings.baseUrl,
    api_version: settings.apiVersion,
    auth: [
      settings.sessionToken && "session_token",
      settings.refreshToken ? "refresh_token" : settings.email && "email/password",
    ]
      .filter(Boolean)
      .join(", then "),
    token_cache_dir: settings.tokenCacheDir,
    terraform_version: input.terraformVersion,
  });
  return { service, diagnostics };
}

function insecureWarning(): Diagnostic {
  return warningDiagnostic(
    "TLS certificate verification is off (insecure = true)",
    "The provider does not check the service's certificate, so anyone on the network path can read the " +
      "credentials and change the answers. Use insecure for a lab only; set ca_cert_pem to the service's CA " +
      "certificate instead.",
    [{ attr: "insecure" }],
  );
}

/**
 * The service did not answer the credentials check. A plan that only creates objects needs nothing else from
 * it and would pass without a word, leaving the failure to the apply.
 */
function uncheckedWarning(baseUrl: string, reason: string): Diagnostic {
  return warningDiagnostic(
    "The appmgmt service did not answer when the provider was configured",
    `${reason} (base_url ${baseUrl}). The credentials were not checked, and what this run plans to create ` +
      "was planned without the service, which the apply needs: plan again once the service answers.",
    [{ attr: "base_url" }],
  );
}
