ALTER TABLE "product_color_images" ADD COLUMN "focal_x" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_color_images" ADD COLUMN "focal_y" real DEFAULT 0.5 NOT NULL;