/**
 * Plain shapes of the seeded catalogue. The seed data modules are written against these, and
 * `seed.ts` turns them into rows and generated images. Prices are in rupees here because that is
 * how a merchandiser writes them; the seeder converts to paise.
 */

/** Which drawing the image generator makes for a product. */
export type GarmentKind =
  | 'bra'
  | 'sports-bra'
  | 'bralette'
  | 'panty'
  | 'boyshort'
  | 'thong'
  | 'shapewear'
  | 'nightsuit'
  | 'babydoll'
  | 'robe'
  | 'slip'
  | 'camisole'
  | 'leggings'
  | 'tshirt'
  | 'beauty-bottle'
  | 'beauty-jar'
  | 'accessory';

export interface SeedSubcategory {
  name: string;
  description: string;
}

export interface SeedCategory {
  name: string;
  description: string;
  /** Drawing used for the category card. */
  garment: GarmentKind;
  /** Hex colour of the category card's drawing. */
  colorHex: string;
  subcategories: SeedSubcategory[];
}

export interface SeedSizeStock {
  size: string;
  stock: number;
}

export interface SeedColor {
  colorName: string;
  colorHex: string;
  /** 2 to 8: one image is generated per view (views 5 to 8 are a second sitting). */
  imageCount: number;
  sizeStock: SeedSizeStock[];
}

export interface SeedSpecification {
  label: string;
  description: string;
}

export interface SeedProduct {
  name: string;
  subheading: string;
  description: string;
  brand: string;
  /** Category name, exactly as in the categories list. */
  category: string;
  /** Subcategory name, exactly as in that category's list. */
  subcategory: string;
  garment: GarmentKind;
  /** Selling price in rupees (whole rupees, e.g. 899). */
  price: number;
  /** M.R.P. in rupees: above the price when discounted, else the price itself. */
  originalPrice?: number;
  /** Net quantity as the package declares it: '1 N', 'Pack of 3', '150 ml'. */
  netQuantity: string;
  /** Individual ratings, 1 to 5. */
  ratings: number[];
  tags: string[];
  /** Display order is the array order. */
  specifications: SeedSpecification[];
  colors: SeedColor[];
  /** How many days before the seed date the product was created (spreads createdAt over months). */
  createdDaysAgo: number;
  /** Bra size chart, bottoms/apparel chart, or none (beauty). */
  sizeChart: 'bra' | 'apparel' | 'none';
}

export interface SeedBlog {
  title: string;
  /** Trusted-looking HTML body; it is still sanitized before storage. */
  markup: string;
  /** Plain-text summary. */
  content: string;
  /** Drawing used for the blog's cover image. */
  garment: GarmentKind;
  colorHex: string;
  createdDaysAgo: number;
}

export interface SeedBanner {
  name: string;
  /** Headline drawn on the generated banner image. */
  headline: string;
  subline: string;
  colorHex: string;
  garment: GarmentKind;
  /** In-site path ('/products/bras'), https URL, or bare domain ('www.example.com'). */
  link: string;
}
