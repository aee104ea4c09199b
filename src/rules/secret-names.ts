// A secret's name as `secret_parameter_names` lists it: a main parameter's `<interface>.<pin>`, a submodule's
// `<path>/<interface>.<pin>`. One writer and one reader of that form, for the rules' inputs and the provider.

/** A submodule's secret name: `<path>/<interface>.<pin>`. */
export const submoduleSecretName = (path: string, name: string) => `${path}/${name}`;

/** A secret's name split into its submodule path (none for a main parameter's) and its parameter name. */
export function splitSecretName(full: string): { path?: string; name: string } {
  const slash = full.lastIndexOf("/");
  return slash < 0 ? { name: full } : { path: full.slice(0, slash), name: full.slice(slash + 1) };
}
