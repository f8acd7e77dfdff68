-- CreateIndex
CREATE UNIQUE INDEX "Render_shop_externalJobId_key" ON "Render"("shop", "externalJobId");

