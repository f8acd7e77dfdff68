-- AlterTable
ALTER TABLE "Shop" ADD COLUMN     "ianaTimezone" TEXT,
ADD COLUMN     "timezoneCheckedAt" TIMESTAMP(3);

