export { AppMgmtProvider, type AppMgmtProviderProps } from "./app-mgmt-provider";
export { ApplicationManifest } from "./application-manifest";
export {
  ApplicationInstance,
  type ApplicationInstanceProps,
  type ApplicationSubmoduleSettings,
} from "./application-instance";
