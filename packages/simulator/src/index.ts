/**
 * The simulator's library API: build a fleet, then backfill its history or run it live (reports
 * and commands), or do both with `runFleet`; or run gateways over TR-069 with `runCwmp`.
 */
export { createFleet, describeGateway, type FleetOptions } from './fleet';
export { Gateway, type GatewayOptions } from './gateway';
export {
  backfill,
  backfillFleet,
  backfillTimes,
  type BackfillOptions,
  type BackfillResult,
  type FleetBackfillOptions,
} from './backfill';
export { runLive, type LiveEvent, type LiveOptions, type LiveRun } from './live';
export {
  fleetTargets,
  runFleet,
  type BackfillEvent,
  type FleetEvent,
  type FleetRunOptions,
  type FleetRunResult,
} from './fleet-run';
export {
  runCwmp,
  type CwmpEvent,
  type CwmpRun,
  type CwmpRunOptions,
  type CwmpTarget,
} from './cwmp/runner';
export { CwmpAgent, type CwmpAgentOptions, type CwmpMethod, type SessionEnd } from './cwmp/agent';
export { runSession, type SessionOptions, type SessionOutcome } from './cwmp/session';
export {
  ConnectionRequestServer,
  type ConnectionRequestServerOptions,
  type ConnectionRequestTarget,
} from './cwmp/connection-request';
export type { DataModel } from './cwmp/data-model';
export { defaultCommandOptions, type CommandEvent, type CommandOptions } from './command-poll';
export { supportsBlocking, type CommandOutcome } from './commands';
export {
  postReports,
  ReportDeliveryError,
  ReportRejectedError,
  type PostOptions,
  type PostOutcome,
  type ReportingTarget,
} from './client';
export {
  reportEncodings,
  toObjectHierarchy,
  type BulkDataReport,
  type ParameterTree,
  type ParameterValue,
  type ReportEncoding,
} from './report';
export {
  defaultBehaviour,
  type BehaviourRates,
  type GatewayProfile,
  type GeoPoint,
  type HostProfile,
  type LineProfile,
  type NeighbourProfile,
} from './profile';
