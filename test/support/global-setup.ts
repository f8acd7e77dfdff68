import { ensureAdminSchema } from "../../scripts/admin-schema";

/** Runs once before the test files: the Admin schema is needed by the schema and fake-Admin tests. */
export default function globalSetup(): void {
  ensureAdminSchema();
}
