/** The simulator's library API: build a fleet, then backfill its history or run it live. */
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
  type HostProfile,
  type LineProfile,
} from './profile';
