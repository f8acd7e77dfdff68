-- AlterTable
ALTER TABLE "Render" ADD COLUMN     "resultHeight" INTEGER,
ADD COLUMN     "resultPreviewUrl" TEXT,
ADD COLUMN     "resultUrl" TEXT,
ADD COLUMN     "resultWidth" INTEGER;
