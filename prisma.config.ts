import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// The JavaScript schema engine talks to the database through the same driver adapter as the app, so
// `prisma migrate deploy` needs no downloaded engine binary (see docs/decisions/002-database.md).
export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) {
      throw new Error("DATABASE_URL is not set: run Prisma through `npm run setup` or `tsx scripts/with-database.ts`.");
    }
    return new PrismaPg({ connectionString });
  },
});
