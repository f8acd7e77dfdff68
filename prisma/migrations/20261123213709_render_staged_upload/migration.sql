-- AlterTable
ALTER TABLE "Render" ADD COLUMN     "stagedUpload" JSONB;

