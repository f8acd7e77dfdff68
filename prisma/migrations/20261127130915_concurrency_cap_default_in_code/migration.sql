-- AlterTable
ALTER TABLE "ShopSettings" ALTER COLUMN "concurrencyCap" DROP NOT NULL,
ALTER COLUMN "concurrencyCap" DROP DEFAULT;

