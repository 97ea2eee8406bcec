/**
 * A product as the catalogue's answers carry it (the contract's shape), for tests that parse or
 * show one.
 */
export const sampleProduct = {
  _id: 'p1',
  name: 'Lace Bralette',
  slug: 'lace-bralette',
  subheading: 'Soft lace',
  description: 'A soft lace bralette.',
  price: 1299,
  originalPrice: null,
  rating: 0,
  ratings: [],
  reviewCount: 0,
  images: ['/p1.jpg'],
  colors: [],
  tags: [],
  specifications: [],
  sizeChart: null,
  sizeChartId: null,
  brand: 'Shop',
  category: 'c1',
  subcategory: null,
  categoryName: 'Bras',
  subcategoryName: null,
  categorySlug: 'bras',
  subcategorySlug: null,
  inStock: true,
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
