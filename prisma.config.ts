import { defineConfig } from "prisma/config";
import { migrationAdapter } from "./app/db/migration-adapter";

// The JavaScript schema engine talks to the database through the same driver adapter as the app, so
// `prisma migrate deploy` needs no downloaded engine binary (see docs/decisions/002-database.md).
export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) {
      throw new Error(
        "DATABASE_URL is not set: set it, or run Prisma through `npm run db:migrate` (embedded database).",
      );
    }
    return migrationAdapter(connectionString);
  },
});
