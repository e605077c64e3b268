/** The game-provider conformance kit (see scenarios.ts); the CLI is scripts/conformance-kit.ts. */
export {
  createOperator,
  createPlayer,
  createProviderClient,
  type KitPlayer,
  type ProviderClient,
  type ProviderCredentials,
} from './client';
export {
  SCENARIOS,
  formatReport,
  hasFailures,
  runConformance,
  type ConformanceTarget,
  type FreeRoundsGiven,
  type KitProvider,
  type Outcome,
  type ScenarioResult,
} from './scenarios';
export { startFreeRoundsReceiver, type FreeRoundsReceiver } from './receiver';
