/**
 * The try-on service simulator, for tests, the offline sandbox and `npm run simulator`.
 * Start one in-process with `startTryOnSimulator({ timeFactor: 0.01 })`; see docs/tryon-service.md.
 */
export { startTryOnSimulator, type TryOnSimulator } from "./server";
export { SUBMIT_PATH, STATUS_PATH_PREFIX, MANNEQUINS_PATH, POSES_PATH, BACKGROUNDS_PATH } from "./paths";
export { SAMPLE_IMAGES, type SampleImageName } from "./static-files";
export type { ApiRequestRecord, SubmitRecord } from "./state";
export type { SimJobReport } from "./control-api";
export { simulatorOptionsSchema, type SimulatorHooks, type SimulatorOptionsInput } from "./options";
export {
  faultSchema,
  faultRuleSchema,
  SIM_ENDPOINTS,
  type SimEndpoint,
  type SimFault,
  type SimFaultInput,
  type SimFaultRule,
  type SimFaultRuleInput,
  type SimFaultType,
} from "./faults";
export type { AccountReport, LedgerEntry } from "./ledger";
export type { SimJobState } from "./jobs";
export {
  DEFAULT_BACKGROUND_ID,
  SIM_BACKGROUNDS,
  SIM_MANNEQUINS,
  SIM_POSES,
  SIMULATOR_ENUMS,
  posesFor,
} from "./catalog";
export { LONG_SIDE_PIXELS, outputSize, renderSampleGarment } from "./render";
export { SIM_MAX_IMAGE_BYTES } from "./input-images";
export { SIM_MAX_PRODUCT_IMAGES, SIM_MAX_USER_INSTRUCTION } from "./validation";
export { startImageServer, type ImageServer } from "./image-server";
