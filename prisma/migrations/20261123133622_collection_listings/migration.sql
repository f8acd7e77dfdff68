-- CreateEnum
CREATE TYPE "CollectionListingStatus" AS ENUM ('listing', 'ready', 'failed');

-- CreateTable
CREATE TABLE "CollectionListing" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "status" "CollectionListingStatus" NOT NULL DEFAULT 'listing',
    "expected" INTEGER NOT NULL,
    "listed" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "error" TEXT,
    "leaseOwner" TEXT,
    "leaseToken" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CollectionListing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionListingProduct" (
    "listingId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "product" JSONB NOT NULL,

    CONSTRAINT "CollectionListingProduct_pkey" PRIMARY KEY ("listingId","position")
);

-- CreateIndex
CREATE INDEX "CollectionListing_status_leaseUntil_idx" ON "CollectionListing"("status", "leaseUntil");

-- CreateIndex
CREATE UNIQUE INDEX "CollectionListing_shop_collectionId_key" ON "CollectionListing"("shop", "collectionId");

-- AddForeignKey
ALTER TABLE "CollectionListing" ADD CONSTRAINT "CollectionListing_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionListingProduct" ADD CONSTRAINT "CollectionListingProduct_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "CollectionListing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

