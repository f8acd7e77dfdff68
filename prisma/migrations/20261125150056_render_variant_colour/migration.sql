-- AlterTable
ALTER TABLE "Render" ADD COLUMN     "variantColour" JSONB;

