-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "latestInstallAt" TIMESTAMP(3);

