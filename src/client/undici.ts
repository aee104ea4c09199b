// The parts of undici the client uses (its Agent and connector), loaded on their own. undici's index also loads fetch, WebSocket,
// EventSource, its proxy, mock and cache layers: a larger provider bundle, which node parses at every
// provider start, and a slower first ConfigureProvider in each provider process (the figures:
// docs/dev/ARCHITECTURE.md §8). These are undici's own files, not copies; package.json pins
// undici's exact version, since these paths are not its public interface, and every client test runs
// through them.
import type { Agent as UndiciAgent, buildConnector as BuildConnector } from "undici";

// undici's types describe these two files through its index.
export const Agent = require("undici/lib/dispatcher/agent") as typeof UndiciAgent;
export type Agent = UndiciAgent;
export const buildConnector = require("undici/lib/core/connect") as typeof BuildConnector;
export type Connector = BuildConnector.connector;
