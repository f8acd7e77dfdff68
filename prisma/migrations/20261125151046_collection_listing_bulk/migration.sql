-- CreateEnum
CREATE TYPE "CollectionListingMethod" AS ENUM ('bulk', 'pages');

-- AlterTable
ALTER TABLE "CollectionListing" ADD COLUMN     "bulkObjects" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "bulkOperationId" TEXT,
ADD COLUMN     "bulkStatus" TEXT,
ADD COLUMN     "method" "CollectionListingMethod" NOT NULL DEFAULT 'bulk';

-- CreateIndex
CREATE INDEX "CollectionListing_shop_bulkOperationId_idx" ON "CollectionListing"("shop", "bulkOperationId");

