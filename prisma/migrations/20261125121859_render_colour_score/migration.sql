-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "colourDriftMin" DOUBLE PRECISION NOT NULL DEFAULT 10,
ADD COLUMN     "colourGoodMax" DOUBLE PRECISION NOT NULL DEFAULT 5,
ADD COLUMN     "holdDriftFromAutoPublish" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Render" ADD COLUMN     "colourDeltaE" DOUBLE PRECISION,
ADD COLUMN     "colourDetail" JSONB,
ADD COLUMN     "colourVerdict" TEXT;

