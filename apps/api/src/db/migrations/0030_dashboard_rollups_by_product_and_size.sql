CREATE TABLE "sales_day_products" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"units" integer NOT NULL,
	"revenue_paise" bigint NOT NULL,
	CONSTRAINT "sales_day_products_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_day_sizes" (
	"day" date NOT NULL,
	"category_slug" text NOT NULL,
	"size" text NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "sales_day_sizes_day_category_slug_size_pk" PRIMARY KEY("day","category_slug","size")
);
