-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "tokenRefreshUntil" TIMESTAMP(3);

