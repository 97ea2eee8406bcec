/**
 * The seeded Lacebloom catalogue: six categories and the products in them. Everything here is
 * literal data or built by small deterministic helpers, so every seed run produces the same shop.
 */
import type {
  GarmentKind,
  SeedCategory,
  SeedColor,
  SeedProduct,
  SeedSizeStock,
  SeedSpecification,
} from './seed-types.ts';

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

const PALETTE = {
  'Blush Pink': '#F4C2C2',
  Black: '#1A1A1A',
  Nude: '#E3BC9A',
  Wine: '#722F37',
  Navy: '#1F2A44',
  Ivory: '#FFFFF0',
  Lavender: '#C8A2C8',
  Teal: '#2A7F80',
  Mocha: '#6F4E37',
  Coral: '#F88379',
  White: '#FAFAFA',
  'Dusty Rose': '#DCAE96',
  'Powder Blue': '#B0E0E6',
  'Sage Green': '#9CAF88',
  Mint: '#98D8C8',
  Peach: '#FFDAB9',
  Champagne: '#F7E7CE',
  Emerald: '#50C878',
  'Ruby Red': '#9B111E',
  Mustard: '#E1AD01',
  Charcoal: '#36454F',
  'Grey Melange': '#B5B5B5',
  'Pastel Mix': '#E8C8D8',
  'Neutral Mix': '#D9B99B',
  'Dark Mix': '#2E2A3A',
  'Jewel Mix': '#5B2A4C',
  'Floral Print Mix': '#F2B8C6',
} as const satisfies Record<string, string>;

type ColourName = keyof typeof PALETTE;

// ---------------------------------------------------------------------------------------------
// Size runs
// ---------------------------------------------------------------------------------------------

/** Bra runs: 5 to 8 band-and-cup sizes from 32B to 40D. */
const BRA_EVERYDAY = ['32B', '32C', '34B', '34C', '36B', '36C', '38C'] as const;
const BRA_FULL = ['34B', '34C', '34D', '36B', '36C', '36D', '38C', '38D'] as const;
const BRA_PETITE = ['32B', '32C', '34B', '34C', '36B'] as const;
const BRA_CURVE = ['34C', '34D', '36C', '36D', '38C', '38D', '40D'] as const;
const BRA_SIX = ['32B', '34B', '34C', '36B', '36C', '38C'] as const;

/** Letter runs for panties, sleepwear and apparel: 4 to 6 sizes. */
const APP_ALL = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
const APP_CORE = ['S', 'M', 'L', 'XL'] as const;
const APP_PLUS = ['S', 'M', 'L', 'XL', 'XXL'] as const;
const APP_PETITE = ['XS', 'S', 'M', 'L', 'XL'] as const;

/** Beauty and accessories. */
const FREE_SIZE = ['Free Size'] as const;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** 32-bit FNV-1a hash; used only to spread stock levels deterministically. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Deterministic stock between 0 and 60, with roughly one size in seven sold out (explicit
 * overrides below bring the catalogue to about one in six). Single-size products (beauty) are
 * never generated as sold out.
 */
function generatedStock(
  productName: string,
  colourName: string,
  size: string,
  singleSize: boolean,
): number {
  const hash = fnv1a(`${productName}|${colourName}|${size}`);
  if (!singleSize && hash % 7 === 0) return 0;
  return 1 + ((hash >>> 8) % 60);
}

/** Expands star counts (how many 1-star, 2-star ... 5-star reviews) into individual ratings. */
function r(ones: number, twos: number, threes: number, fours: number, fives: number): number[] {
  const remaining = [ones, twos, threes, fours, fives];
  const ratings: number[] = [];
  let added = true;
  while (added) {
    added = false;
    for (let star = 5; star >= 1; star -= 1) {
      const left = remaining[star - 1] ?? 0;
      if (left > 0) {
        ratings.push(star);
        remaining[star - 1] = left - 1;
        added = true;
      }
    }
  }
  return ratings;
}

const NO_RATINGS: number[] = [];

interface BraSpecInput {
  fabric: string;
  padding: string;
  wiring: string;
  closure: string;
  straps: string;
  care: string;
}

function braSpecs(spec: BraSpecInput): SeedSpecification[] {
  return [
    { label: 'Fabric', description: spec.fabric },
    { label: 'Padding', description: spec.padding },
    { label: 'Wiring', description: spec.wiring },
    { label: 'Closure', description: spec.closure },
    { label: 'Straps', description: spec.straps },
    { label: 'Care', description: spec.care },
  ];
}

interface PantySpecInput {
  fabric: string;
  rise: string;
  coverage: string;
  waistband: string;
  care: string;
}

function pantySpecs(spec: PantySpecInput): SeedSpecification[] {
  return [
    { label: 'Fabric', description: spec.fabric },
    { label: 'Rise', description: spec.rise },
    { label: 'Coverage', description: spec.coverage },
    { label: 'Waistband', description: spec.waistband },
    { label: 'Care', description: spec.care },
  ];
}

interface WearSpecInput {
  fabric: string;
  fit: string;
  length: string;
  care: string;
}

function wearSpecs(spec: WearSpecInput): SeedSpecification[] {
  return [
    { label: 'Fabric', description: spec.fabric },
    { label: 'Fit', description: spec.fit },
    { label: 'Length', description: spec.length },
    { label: 'Care', description: spec.care },
  ];
}

interface BeautySpecInput {
  volume: string;
  ingredients: string;
  howToUse: string;
  shelfLife: string;
}

function beautySpecs(spec: BeautySpecInput): SeedSpecification[] {
  return [
    { label: 'Volume', description: spec.volume },
    { label: 'Key Ingredients', description: spec.ingredients },
    { label: 'How to Use', description: spec.howToUse },
    { label: 'Shelf Life', description: spec.shelfLife },
  ];
}

const CARE_HAND = 'Hand wash in cold water with a mild detergent; dry flat in shade';
const CARE_GENTLE = 'Machine wash cold on a gentle cycle inside a laundry bag; do not tumble dry';
const CARE_COTTON = 'Machine wash cold with similar colours; line dry in shade';
const CARE_SATIN = 'Hand wash cold or dry clean; iron on low heat on the reverse';
const CARE_ACTIVE = 'Machine wash cold; no fabric softener, which blocks the wicking finish';

interface ColourDef {
  name: ColourName;
  /** Defaults to 3; up to 8 (a best-seller's colour gets a second sitting, views 5 to 8). */
  images?: number;
  /** Explicit stock per size, in size order; otherwise generated. */
  stock?: readonly number[];
}

type ProductDef = Omit<SeedProduct, 'colors' | 'netQuantity'> & {
  sizes: readonly string[];
  colours: readonly ColourDef[];
};

function product(def: ProductDef): SeedProduct {
  const { sizes, colours, ...rest } = def;
  const colors: SeedColor[] = colours.map((colour) => {
    const explicit = colour.stock;
    if (explicit && explicit.length !== sizes.length) {
      throw new Error(`${def.name} / ${colour.name}: stock list does not match the size run`);
    }
    const imageCount = colour.images ?? 3;
    if (imageCount < 1 || imageCount > 8) {
      throw new Error(`${def.name} / ${colour.name}: a colour has 1 to 8 pictures`);
    }
    const sizeStock: SeedSizeStock[] = sizes.map((size, index) => ({
      size,
      stock: explicit?.[index] ?? generatedStock(def.name, colour.name, size, sizes.length === 1),
    }));
    return {
      colorName: colour.name,
      colorHex: PALETTE[colour.name],
      imageCount,
      sizeStock,
    };
  });
  // Every product states its M.R.P. (the law asks for it on each one): a product not on sale
  // sells at its M.R.P., a whole round figure like its price, never the cart's 1.2 × fallback
  // (₹449 would otherwise show an M.R.P. of ₹538.80).
  return {
    ...rest,
    originalPrice: rest.originalPrice ?? rest.price,
    netQuantity: netQuantityOf(def),
    colors,
  };
}

/**
 * The net quantity the package declares: a pack's count from its name, a beauty item's volume
 * or weight, a set as one set, else one piece ('1 N').
 */
function netQuantityOf(def: ProductDef): string {
  const pack = /\(Pack of (\d+)\)/.exec(def.name);
  if (pack) return `Pack of ${pack[1]}`;
  const volume = def.specifications.find((spec) => spec.label === 'Volume');
  if (volume) return volume.description.replace(/\s*\(.*\)$/, '');
  if (/\bSet\b/.test(def.name)) return '1 Set';
  return '1 N';
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

function category(
  name: string,
  description: string,
  garment: GarmentKind,
  colorHex: string,
  subcategories: [string, string][],
): SeedCategory {
  return {
    name,
    description,
    garment,
    colorHex,
    subcategories: subcategories.map(([subName, subDescription]) => ({
      name: subName,
      description: subDescription,
    })),
  };
}

export const seedCategories: SeedCategory[] = [
  category(
    'Bras',
    'T-shirt, padded, non-padded, sports and push-up bras in sizes 32B to 40D, made for all-day comfort in Indian weather.',
    'bra',
    '#F4C2C2',
    [
      [
        'T-Shirt Bras',
        'Smooth moulded cups that disappear under fitted tees, kurtas and office shirts.',
      ],
      ['Padded Bras', 'Light to medium padding for shape, coverage and no show-through.'],
      [
        'Non-Padded Bras',
        'Unlined cups in breathable cotton and lace for a natural shape and maximum airflow.',
      ],
      ['Sports Bras', 'Low, medium and high-impact support for yoga, the gym and morning runs.'],
      ['Bralettes', 'Soft, wirefree lace and cotton bralettes made to be layered or seen.'],
      [
        'Push-Up Bras',
        'Graduated padding and angled cups for lift and a defined neckline on special occasions.',
      ],
    ],
  ),
  category(
    'Panties',
    'Everyday hipsters, bikinis, boyshorts, thongs and high-waist briefs in cotton, modal and lace.',
    'panty',
    '#E3BC9A',
    [
      [
        'Hipsters',
        'Mid-rise, full-seat comfort that sits on the hips: our most-loved everyday cut.',
      ],
      ['Bikinis', 'Low rise and medium coverage, ideal under low-waist jeans and palazzos.'],
      ['Boyshorts', 'Shorts-style coverage that prevents chafing under dresses and skirts.'],
      ['Thongs', 'Minimal back coverage for zero panty lines under bodycon and tailored wear.'],
      ['High-Waist Briefs', 'Full coverage up to the navel with a soft, tummy-friendly waistband.'],
    ],
  ),
  category(
    'Sleep & Lingerie',
    'Cotton nightsuits, satin babydolls, robes and slips for restful nights and special ones.',
    'nightsuit',
    '#C8A2C8',
    [
      ['Nightsuits', 'Pyjama sets and shorts sets in breathable cotton, modal and flannel.'],
      ['Babydolls', 'Flirty satin, lace and mesh babydolls, most with matching briefs.'],
      ['Robes', 'Wraps and kimonos in satin and silk for lounging and getting ready.'],
      [
        'Slips & Chemises',
        'Bias-cut satin and lace-trimmed cotton slips to sleep in or layer under sheer outfits.',
      ],
    ],
  ),
  category(
    'Apparel',
    'Camisoles, leggings, lounge tees and shapewear: the layers you live in.',
    'camisole',
    '#2A7F80',
    [
      [
        'Camisoles',
        'Adjustable-strap camis to wear under sheer kurtas and shirts or on their own.',
      ],
      ['Leggings', 'Opaque, four-way stretch leggings for work, travel and yoga.'],
      ['Lounge Tees', 'Relaxed cotton and modal tees for working from home and lazy weekends.'],
      ['Shapewear', 'Smoothing shorts and saree shapewear with firm yet breathable control.'],
    ],
  ),
  category(
    'Beauty',
    'Body mists, lotions and lingerie-care essentials to complete your routine.',
    'beauty-bottle',
    '#F88379',
    [
      ['Body Mists', 'Light, fresh fragrances that are easy to layer and reapply in the heat.'],
      ['Lingerie Care', 'Gentle washes and mesh bags that help your delicates last longer.'],
      ['Body Lotions', 'Non-greasy lotions and rich butters for humid and dry days alike.'],
    ],
  ),
  category(
    'Clearance',
    'Last-chance styles at 30 to 60% off, in limited sizes and colours, while stocks last.',
    'bralette',
    '#722F37',
    [
      ['Last Chance Bras', 'Retired bra styles and past-season colours at their lowest prices.'],
      ['Last Chance Panties', 'The final pieces and packs of past-season panties.'],
    ],
  ),
];

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

const BRAS = 'Bras';
const PANTIES = 'Panties';
const SLEEP = 'Sleep & Lingerie';
const APPAREL = 'Apparel';
const BEAUTY = 'Beauty';
const CLEARANCE = 'Clearance';

const bras: SeedProduct[] = [
  // --- T-Shirt Bras ---------------------------------------------------------------------------
  product({
    name: 'Everyday Lace T-Shirt Bra',
    subheading: 'Seamless moulded cups with a scalloped lace neckline',
    description:
      'Our bestselling T-shirt bra pairs smooth, lightly padded moulded cups with a delicate scalloped lace edge along the neckline. The soft underwire sits in a cushioned channel, so it does not dig in even through a long workday. A breathable micro-fibre lining keeps you fresh in humid weather, and the cups stay invisible under fitted tees and kurtas.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'T-Shirt Bras',
    garment: 'bra',
    price: 1299,
    originalPrice: 1599,
    ratings: r(0, 1, 2, 9, 24),
    tags: ['lace', 'padded', 'everyday', 'bestseller'],
    specifications: braSpecs({
      fabric: 'Nylon-spandex cups with stretch lace trim and micro-fibre lining',
      padding: 'Lightly padded, moulded cups',
      wiring: 'Underwired, with cushioned channelling',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Adjustable; convert to cross-back',
      care: CARE_HAND,
    }),
    sizes: BRA_EVERYDAY,
    colours: [
      { name: 'Blush Pink', images: 6, stock: [0, 14, 22, 31, 18, 9, 26] },
      { name: 'Nude', images: 5 },
      { name: 'Black', images: 4 },
    ],
    createdDaysAgo: 34,
    sizeChart: 'bra',
  }),
  product({
    name: 'Second Skin Seamless T-Shirt Bra',
    subheading: 'Bonded edges that vanish under the sheerest tops',
    description:
      'Laser-cut, bonded edges and a wirefree moulded cup make this the T-shirt bra you forget you are wearing. The micro-fibre fabric has a cool, silky touch and dries quickly, which helps on sticky monsoon days. A wide, smooth underband gives gentle support without any wire.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'T-Shirt Bras',
    garment: 'bra',
    price: 999,
    ratings: r(0, 0, 2, 11, 17),
    tags: ['seamless', 'padded', 'wirefree', 'everyday'],
    specifications: braSpecs({
      fabric: 'Micro-fibre (nylon-spandex) with bonded edges',
      padding: 'Lightly padded, moulded cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable, with bonded edges',
      care: CARE_GENTLE,
    }),
    sizes: BRA_FULL,
    colours: [{ name: 'Nude' }, { name: 'Mocha' }, { name: 'Black', images: 2 }],
    createdDaysAgo: 61,
    sizeChart: 'bra',
  }),
  product({
    name: 'Cotton Comfort T-Shirt Bra',
    subheading: 'A cotton-rich lining for sensitive skin',
    description:
      'A soft cotton inner layer sits against your skin while a light moulded cup keeps the shape smooth under T-shirts. Made for long Indian summers, it lets the skin breathe and absorbs sweat instead of trapping it. Brushed-back straps and a printed, tagless label mean nothing itches.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'T-Shirt Bras',
    garment: 'bra',
    price: 699,
    originalPrice: 899,
    ratings: r(0, 1, 3, 12, 20),
    tags: ['cotton', 'padded', 'everyday', 'summer'],
    specifications: braSpecs({
      fabric: 'Cotton-spandex outer with a 100% cotton inner lining',
      padding: 'Lightly padded, moulded cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable, with a soft brushed backing',
      care: CARE_GENTLE,
    }),
    sizes: BRA_SIX,
    colours: [
      { name: 'Ivory' },
      { name: 'Nude' },
      { name: 'Powder Blue', images: 2 },
      { name: 'Lavender', images: 2 },
    ],
    createdDaysAgo: 118,
    sizeChart: 'bra',
  }),
  product({
    name: 'Smooth Minimiser T-Shirt Bra',
    subheading: 'Redistributes fullness for a neater line under shirts',
    description:
      'Designed for fuller busts, this minimiser gently reshapes and redistributes so button-down shirts sit flat without gaping. Breathable spacer-fabric cups hold their shape without adding bulk or heat. Wide cushioned straps and a three-hook band share the load, so your shoulders do not take all the weight.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'T-Shirt Bras',
    garment: 'bra',
    price: 1499,
    ratings: r(0, 0, 1, 6, 8),
    tags: ['minimiser', 'full-coverage', 'underwired', 'everyday'],
    specifications: braSpecs({
      fabric: 'Nylon-spandex with a micro-fibre lining',
      padding: 'Non-padded; breathable spacer-fabric cups',
      wiring: 'Underwired',
      closure: 'Hook and eye, 3 columns x 3 rows',
      straps: 'Wide, cushioned and adjustable',
      care: CARE_HAND,
    }),
    sizes: BRA_CURVE,
    colours: [{ name: 'Nude', images: 4 }, { name: 'Black' }, { name: 'Wine' }],
    createdDaysAgo: 152,
    sizeChart: 'bra',
  }),
  product({
    name: 'Cloudsoft Modal T-Shirt Bra',
    subheading: 'Cotton-modal lining with a feather-light moulded cup',
    description:
      'A brand-new T-shirt bra lined with cotton-modal, which feels noticeably softer than regular cotton and stays cool to the touch. The lightweight moulded cup gives a rounded shape with no wire at all. Pick it for lazy weekends, long flights and train journeys.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'T-Shirt Bras',
    garment: 'bra',
    price: 849,
    ratings: r(0, 0, 0, 3, 5),
    tags: ['modal', 'padded', 'wirefree', 'new'],
    specifications: braSpecs({
      fabric: 'Nylon-spandex outer with a cotton-modal lining',
      padding: 'Lightly padded, moulded cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable, slim',
      care: CARE_GENTLE,
    }),
    sizes: BRA_PETITE,
    colours: [{ name: 'Dusty Rose' }, { name: 'Sage Green' }, { name: 'Ivory', images: 2 }],
    createdDaysAgo: 5,
    sizeChart: 'bra',
  }),

  // --- Padded Bras ----------------------------------------------------------------------------
  product({
    name: 'Lace Overlay Padded Bra',
    subheading: 'Medium padding under all-over floral lace',
    description:
      'Floral Chantilly-inspired lace is layered over a medium-padded cup, so the bra looks pretty whether or not it peeks out. The padding is graduated to add definition without making the cup look bulky. A soft scalloped wing and fully adjustable straps finish it beautifully.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Padded Bras',
    garment: 'bra',
    price: 1599,
    originalPrice: 1999,
    ratings: r(0, 1, 2, 8, 13),
    tags: ['lace', 'padded', 'underwired', 'date-night'],
    specifications: braSpecs({
      fabric: 'Nylon lace over a micro-fibre cup',
      padding: 'Medium, graduated padding',
      wiring: 'Underwired',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Adjustable, with lace-edged detail',
      care: CARE_HAND,
    }),
    sizes: BRA_FULL,
    colours: [
      { name: 'Wine', stock: [0, 0, 0, 4, 0, 0, 0, 0] },
      { name: 'Black', images: 4 },
      { name: 'Navy' },
    ],
    createdDaysAgo: 47,
    sizeChart: 'bra',
  }),
  product({
    name: 'Everyday Padded Wirefree Bra',
    subheading: 'Medium padding, no wire, full support',
    description:
      'Wirefree does not have to mean shapeless: sculpted medium padding and a firm under-bust band give this bra structure from morning to night. The cotton-blend lining breathes, and the fabric is soft enough for lazy days at home. It is our go-to for anyone who is done with underwires.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'Padded Bras',
    garment: 'bra',
    price: 799,
    originalPrice: 999,
    ratings: r(1, 0, 3, 10, 22),
    tags: ['padded', 'wirefree', 'everyday', 'bestseller'],
    specifications: braSpecs({
      fabric: 'Polyamide-spandex with a cotton-blend lining',
      padding: 'Medium, sculpted padding',
      wiring: 'Wirefree, with a firm under-bust band',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Adjustable, 1.5 cm wide',
      care: CARE_GENTLE,
    }),
    sizes: BRA_EVERYDAY,
    colours: [{ name: 'Nude' }, { name: 'Black' }, { name: 'Coral', images: 2 }, { name: 'Teal' }],
    createdDaysAgo: 88,
    sizeChart: 'bra',
  }),
  product({
    name: 'Spacer Cup Padded Bra',
    subheading: 'Air-permeable 3D spacer cups for humid days',
    description:
      'Spacer fabric is a honeycomb knit that lets air pass through the cup, so this padded bra stays noticeably cooler than one with regular foam. It holds a smooth, round shape and will not crease or dent in the wash. Ideal for Indian summers, long commutes and days on your feet.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Padded Bras',
    garment: 'bra',
    price: 1199,
    ratings: r(0, 0, 1, 5, 9),
    tags: ['padded', 'breathable', 'summer', 'underwired'],
    specifications: braSpecs({
      fabric: 'Nylon-spandex with 3D spacer-knit cups',
      padding: 'Light, air-permeable spacer padding',
      wiring: 'Underwired',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable',
      care: CARE_HAND,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Ivory' }, { name: 'Mocha', images: 4 }],
    createdDaysAgo: 131,
    sizeChart: 'bra',
  }),
  product({
    name: 'Full Coverage Padded Bra',
    subheading: 'Covers more, spills less: made for fuller cups',
    description:
      'Higher necklines and side panels contain fuller busts and prevent spillage at the sides and top. Light padding keeps the shape smooth under blouses and sarees, while a soft-lined underwire anchors each cup. The three-hook closure lets you adjust the band as it relaxes over time.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Padded Bras',
    garment: 'bra',
    price: 1399,
    originalPrice: 1699,
    ratings: r(0, 1, 2, 7, 10),
    tags: ['padded', 'full-coverage', 'underwired'],
    specifications: braSpecs({
      fabric: 'Micro-fibre with side support panels',
      padding: 'Lightly padded cups',
      wiring: 'Underwired, soft-lined',
      closure: 'Hook and eye, 3 columns x 3 rows',
      straps: 'Wide, cushioned and adjustable',
      care: CARE_HAND,
    }),
    sizes: BRA_CURVE,
    colours: [{ name: 'Black' }, { name: 'Nude' }, { name: 'Navy', images: 2 }],
    createdDaysAgo: 196,
    sizeChart: 'bra',
  }),

  // --- Non-Padded Bras ------------------------------------------------------------------------
  product({
    name: 'Breathe Cotton Non-Padded Bra',
    subheading: 'Unlined cotton cups for maximum airflow',
    description:
      'Two layers of soft cotton and no foam at all: this is the bra to reach for on the hottest days of May. Seamed cups give a natural shape, and the broad under-band holds them in place without a wire. It machine-washes well and gets softer every time.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'Non-Padded Bras',
    garment: 'bra',
    price: 549,
    ratings: r(0, 1, 2, 9, 18),
    tags: ['cotton', 'non-padded', 'wirefree', 'summer'],
    specifications: braSpecs({
      fabric: '95% cotton, 5% spandex, double layered',
      padding: 'Non-padded, seamed cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable',
      care: CARE_COTTON,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Ivory' }, { name: 'Nude' }, { name: 'Blush Pink' }],
    createdDaysAgo: 73,
    sizeChart: 'bra',
  }),
  product({
    name: 'Floral Lace Non-Padded Bra',
    subheading: 'Sheer, unlined lace with a supportive underwire',
    description:
      'Pretty enough to be seen, this unlined lace bra gets its lift from a flexible underwire and a three-part seamed cup rather than from padding. The stretch lace moulds to your shape, so the fit is forgiving between sizes. Pair it with the Lace Trim Modal Hipster for a matching set.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Non-Padded Bras',
    garment: 'bra',
    price: 1099,
    originalPrice: 1399,
    ratings: r(0, 0, 1, 4, 7),
    tags: ['lace', 'non-padded', 'underwired'],
    specifications: braSpecs({
      fabric: 'Stretch nylon lace with a sheer mesh lining',
      padding: 'Non-padded, three-part seamed cups',
      wiring: 'Underwired, flexible',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Adjustable',
      care: CARE_HAND,
    }),
    sizes: BRA_FULL,
    colours: [{ name: 'Black', images: 4 }, { name: 'Lavender' }, { name: 'Champagne' }],
    createdDaysAgo: 165,
    sizeChart: 'bra',
  }),
  product({
    name: 'Everyday Seamed Support Bra',
    subheading: 'Three-part cups for lift without padding',
    description:
      'A classic three-part seamed cup gives uplift, separation and a natural shape for fuller busts without the warmth of foam. Side-support panels gently bring everything forward. Cushioned straps and a wide band keep it comfortable through a full working day.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Non-Padded Bras',
    garment: 'bra',
    price: 1249,
    ratings: r(0, 1, 1, 5, 6),
    tags: ['non-padded', 'underwired', 'full-coverage', 'everyday'],
    specifications: braSpecs({
      fabric: 'Micro-fibre with cotton-lined cups',
      padding: 'Non-padded, three-part seamed cups',
      wiring: 'Underwired',
      closure: 'Hook and eye, 3 columns x 3 rows',
      straps: 'Wide, cushioned and adjustable',
      care: CARE_HAND,
    }),
    sizes: BRA_CURVE,
    colours: [{ name: 'Nude' }, { name: 'Wine', images: 2 }],
    createdDaysAgo: 210,
    sizeChart: 'bra',
  }),

  // --- Sports Bras ----------------------------------------------------------------------------
  product({
    name: 'High-Impact Racerback Sports Bra',
    subheading: 'Encapsulated cups for running and HIIT',
    description:
      'Each cup is encapsulated separately, which controls bounce far better than compression alone when you are running or jumping. The moisture-wicking fabric pulls sweat away from the skin and dries fast, and mesh panels at the back let heat escape. A hook-and-eye back means you can actually get it off after a workout.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'Sports Bras',
    garment: 'sports-bra',
    price: 1699,
    originalPrice: 1999,
    ratings: r(0, 0, 2, 8, 14),
    tags: ['sports', 'high-impact', 'wirefree', 'quick-dry'],
    specifications: braSpecs({
      fabric: 'Polyamide-elastane with a moisture-wicking finish and mesh back',
      padding: 'Moulded, encapsulated cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Padded racerback',
      care: CARE_ACTIVE,
    }),
    sizes: BRA_FULL,
    colours: [{ name: 'Black', images: 4 }, { name: 'Navy' }, { name: 'Coral' }],
    createdDaysAgo: 22,
    sizeChart: 'bra',
  }),
  product({
    name: 'Medium-Impact Yoga Sports Bra',
    subheading: 'Strappy cross-back and a soft, wide band',
    description:
      'Made for yoga, pilates and brisk walks, this bra offers medium support from a wide elastic under-band and a strappy cross-back. Removable pads let you choose your coverage, and the four-way stretch fabric moves with every pose. Flatlock seams will not rub during long sessions.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'Sports Bras',
    garment: 'sports-bra',
    price: 999,
    ratings: r(0, 1, 1, 9, 15),
    tags: ['sports', 'yoga', 'wirefree', 'removable-pads'],
    specifications: braSpecs({
      fabric: 'Nylon-spandex, four-way stretch',
      padding: 'Removable soft pads',
      wiring: 'Wirefree',
      closure: 'Pull-on, no hooks',
      straps: 'Fixed cross-back',
      care: CARE_ACTIVE,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Teal' }, { name: 'Lavender' }, { name: 'Black', images: 2 }],
    createdDaysAgo: 98,
    sizeChart: 'bra',
  }),
  product({
    name: 'Everyday Cotton Sports Bra',
    subheading: 'Pull-on, low-impact comfort in cotton-spandex',
    description:
      'A pull-on sports bra in soft cotton-spandex for low-impact days: housework, stretching or a stroll round the park. There are no hooks or wires, just a smooth elastic band and sewn-in light padding. Plenty of our customers wear it to sleep, too.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'Sports Bras',
    garment: 'sports-bra',
    price: 499,
    originalPrice: 649,
    ratings: r(0, 1, 3, 10, 12),
    tags: ['sports', 'cotton', 'low-impact', 'everyday'],
    specifications: braSpecs({
      fabric: '92% cotton, 8% spandex',
      padding: 'Lightly padded, sewn-in',
      wiring: 'Wirefree',
      closure: 'Pull-on, no hooks',
      straps: 'Fixed, wide',
      care: CARE_COTTON,
    }),
    sizes: BRA_PETITE,
    colours: [
      { name: 'Grey Melange', stock: [0, 18, 25, 20, 11] },
      { name: 'Black' },
      { name: 'Blush Pink', images: 2 },
    ],
    createdDaysAgo: 139,
    sizeChart: 'bra',
  }),

  // --- Bralettes ------------------------------------------------------------------------------
  product({
    name: 'Scalloped Lace Bralette',
    subheading: 'A wirefree lace triangle you will want to show off',
    description:
      'Soft stretch lace with a scalloped hem forms an unstructured triangle bralette that looks lovely under an open-back blouse or a sheer shirt. It comes with removable pads, so you can add coverage on office days. No wires and no seams to dig in, just comfort.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Bralettes',
    garment: 'bralette',
    price: 899,
    originalPrice: 1199,
    ratings: r(0, 0, 2, 7, 16),
    tags: ['lace', 'bralette', 'wirefree', 'bestseller'],
    specifications: braSpecs({
      fabric: 'Stretch nylon lace with a soft mesh lining',
      padding: 'Removable soft pads',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 1 row',
      straps: 'Adjustable, slim',
      care: CARE_HAND,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Black', images: 4 }, { name: 'Blush Pink' }, { name: 'Ivory' }],
    createdDaysAgo: 15,
    sizeChart: 'bra',
  }),
  product({
    name: 'Cotton Longline Bralette',
    subheading: 'An extended band for a smooth, cropped look',
    description:
      'A deep longline band sits flat against the ribs and keeps this cotton-modal bralette from riding up. Wear it for lounging at home or peeking out of a low-cut top. The ribbed fabric breathes, so it feels crisp even on humid evenings.',
    brand: 'Lacebloom Essentials',
    category: BRAS,
    subcategory: 'Bralettes',
    garment: 'bralette',
    price: 749,
    ratings: r(0, 0, 1, 4, 6),
    tags: ['cotton', 'bralette', 'wirefree', 'lounge'],
    specifications: braSpecs({
      fabric: 'Ribbed cotton-modal with spandex',
      padding: 'Non-padded, double-layered front',
      wiring: 'Wirefree',
      closure: 'Pull-on, no hooks',
      straps: 'Fixed, wide',
      care: CARE_COTTON,
    }),
    sizes: BRA_EVERYDAY,
    colours: [{ name: 'Sage Green' }, { name: 'Mocha' }, { name: 'Ivory', images: 2 }],
    createdDaysAgo: 79,
    sizeChart: 'bra',
  }),
  product({
    name: 'Satin Plunge Bralette',
    subheading: 'Silky satin cups with a deep V for the evening',
    description:
      'Liquid-smooth satin and a deep plunge neckline make this bralette ideal under wrap dresses and low-back blouses. Thin adjustable straps and a soft elastic band give light support without any wire. Hand wash it and it will keep its sheen for many seasons.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Bralettes',
    garment: 'bralette',
    price: 1199,
    ratings: NO_RATINGS,
    tags: ['satin', 'bralette', 'plunge', 'new'],
    specifications: braSpecs({
      fabric: 'Polyester satin with a micro-fibre lining',
      padding: 'Removable soft pads',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 1 row',
      straps: 'Adjustable, spaghetti',
      care: CARE_SATIN,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Champagne', images: 4 }, { name: 'Emerald' }, { name: 'Wine' }],
    createdDaysAgo: 3,
    sizeChart: 'bra',
  }),
  product({
    name: 'Bridal Embroidered Lace Bralette',
    subheading: 'Floral embroidery on sheer tulle, with an eyelash-lace hem',
    description:
      'Delicate floral embroidery on sheer tulle, edged with an eyelash-lace hem, makes this our favourite piece for a bridal trousseau. The cups are lined with fine mesh for modesty and the band is lined for comfort. It is wirefree, but a wide band and adjustable straps still give a secure fit.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Bralettes',
    garment: 'bralette',
    price: 2299,
    originalPrice: 2799,
    ratings: r(0, 0, 0, 2, 5),
    tags: ['bridal', 'bralette', 'lace', 'embroidered'],
    specifications: braSpecs({
      fabric: 'Embroidered polyester tulle with eyelash lace',
      padding: 'Non-padded, mesh-lined cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Adjustable, with gold-tone sliders',
      care: CARE_HAND,
    }),
    sizes: BRA_EVERYDAY,
    colours: [
      { name: 'Ivory', images: 4 },
      { name: 'Blush Pink', images: 4 },
    ],
    createdDaysAgo: 57,
    sizeChart: 'bra',
  }),

  // --- Push-Up Bras ---------------------------------------------------------------------------
  product({
    name: 'Plunge Push-Up Bra',
    subheading: 'Graduated padding for lift and a defined neckline',
    description:
      'Padding that is thicker at the base of the cup lifts and gently pushes inward for a defined cleavage under deep necklines. The low centre gore stays hidden under V-necks, and the angled underwire gives a rounded, uplifted shape. The straps convert to halter or cross-back.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Push-Up Bras',
    garment: 'bra',
    price: 1499,
    originalPrice: 1899,
    ratings: r(0, 1, 2, 6, 11),
    tags: ['push-up', 'padded', 'plunge', 'party'],
    specifications: braSpecs({
      fabric: 'Micro-fibre with a soft brushed lining',
      padding: 'Graduated push-up padding',
      wiring: 'Underwired, angled',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable; convert to halter or cross-back',
      care: CARE_HAND,
    }),
    sizes: BRA_EVERYDAY,
    colours: [{ name: 'Black' }, { name: 'Nude' }, { name: 'Ruby Red', images: 4 }],
    createdDaysAgo: 41,
    sizeChart: 'bra',
  }),
  product({
    name: 'Lace Detail Push-Up Bra',
    subheading: 'Lift, with a whisper of lace at the neckline',
    description:
      'A smooth push-up cup with a band of lace across the top that shows prettily through sheer tops and flatters under lehenga blouses. The lift comes from removable pads, so you can choose between a moderate and a dramatic effect. The underwire is fully encased for comfort.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Push-Up Bras',
    garment: 'bra',
    price: 1349,
    ratings: r(0, 0, 1, 5, 8),
    tags: ['push-up', 'lace', 'padded'],
    specifications: braSpecs({
      fabric: 'Micro-fibre cups with a stretch lace neckline',
      padding: 'Push-up, with removable pads',
      wiring: 'Underwired',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable',
      care: CARE_HAND,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Lavender' }, { name: 'Black' }, { name: 'Coral', images: 2 }],
    createdDaysAgo: 104,
    sizeChart: 'bra',
  }),
  product({
    name: 'Bridal Chantilly Lace Push-Up Bra',
    subheading: 'Heirloom lace and a satin bow for the big day',
    description:
      'Crafted for the wedding day and the celebrations around it, this push-up bra is covered in fine Chantilly-style lace and finished with a satin bow and gold-tone hardware. Graduated padding gives a lifted, rounded shape under lehenga cholis and fitted blouses. It arrives in a keepsake gift box.',
    brand: 'Lacebloom',
    category: BRAS,
    subcategory: 'Push-Up Bras',
    garment: 'bra',
    price: 3499,
    originalPrice: 3999,
    ratings: r(0, 0, 0, 1, 4),
    tags: ['bridal', 'push-up', 'lace', 'luxury'],
    specifications: braSpecs({
      fabric: 'Chantilly-style nylon lace over satin-lined cups',
      padding: 'Graduated push-up padding',
      wiring: 'Underwired',
      closure: 'Hook and eye, 3 columns x 2 rows, gold-tone',
      straps: 'Adjustable, with gold-tone sliders',
      care: CARE_HAND,
    }),
    sizes: BRA_EVERYDAY,
    colours: [
      { name: 'Ivory', images: 8 },
      { name: 'Champagne', images: 4 },
      { name: 'Wine', images: 4 },
    ],
    createdDaysAgo: 30,
    sizeChart: 'bra',
  }),
];

const panties: SeedProduct[] = [
  // --- Hipsters -------------------------------------------------------------------------------
  product({
    name: 'Cotton Comfort Hipster (Pack of 3)',
    subheading: 'Breathable cotton with a soft, covered waistband',
    description:
      'Three everyday hipsters in soft, breathable cotton, each with a pure cotton gusset for hygiene. The waistband is covered in fabric, so there are no elastic marks at the end of a long day. They sit comfortably on the hips and keep their shape wash after wash.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Hipsters',
    garment: 'panty',
    price: 599,
    originalPrice: 799,
    ratings: r(1, 1, 3, 12, 23),
    tags: ['cotton', 'hipster', 'pack', 'everyday', 'bestseller'],
    specifications: pantySpecs({
      fabric: '95% cotton, 5% spandex',
      rise: 'Mid rise',
      coverage: 'Full coverage',
      waistband: 'Soft, fabric-covered elastic',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Pastel Mix' }, { name: 'Neutral Mix' }, { name: 'Dark Mix', images: 2 }],
    createdDaysAgo: 66,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Lace Trim Modal Hipster',
    subheading: 'Cotton-modal with a pretty lace waist',
    description:
      'Cotton-modal is softer and more absorbent than plain cotton, and it drapes smoothly with no visible lines. A narrow band of stretch lace at the waist and legs adds a feminine touch without any scratchiness. It matches our Floral Lace Non-Padded Bra.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'Hipsters',
    garment: 'panty',
    price: 449,
    ratings: r(0, 0, 2, 8, 10),
    tags: ['modal', 'lace', 'hipster'],
    specifications: pantySpecs({
      fabric: 'Cotton-modal with stretch lace trim',
      rise: 'Mid rise',
      coverage: 'Full coverage',
      waistband: 'Stretch lace',
      care: CARE_GENTLE,
    }),
    sizes: APP_PETITE,
    colours: [
      { name: 'Blush Pink' },
      { name: 'Black' },
      { name: 'Ivory', images: 2 },
      { name: 'Teal', images: 2, stock: [0, 0, 3, 0, 0] },
    ],
    createdDaysAgo: 109,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Seamless Laser-Cut Hipster',
    subheading: 'No-show edges for fitted trousers',
    description:
      'Laser-cut raw edges lie perfectly flat, so this hipster stays invisible under leggings, pencil skirts and formal trousers. The micro-fibre fabric is silky, stretchy and quick to dry. The gusset is lined with cotton.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Hipsters',
    garment: 'panty',
    price: 399,
    ratings: r(0, 1, 2, 9, 11),
    tags: ['seamless', 'hipster', 'invisible'],
    specifications: pantySpecs({
      fabric: 'Micro-fibre (nylon-spandex) with a cotton gusset',
      rise: 'Mid rise',
      coverage: 'Full coverage',
      waistband: 'Laser-cut, no elastic',
      care: CARE_GENTLE,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Nude' }, { name: 'Mocha' }, { name: 'Black' }],
    createdDaysAgo: 143,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Period Protect Hipster',
    subheading: 'Leak-resistant layers for heavy-flow days',
    description:
      'A four-layer gusset absorbs and locks in leaks, so you can wear it on its own on light days or as a back-up to a pad or cup on heavy ones. The outer is soft cotton and the leak-resistant barrier is breathable, so it never feels like plastic. Rinse it in cold water, then wash as usual.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Hipsters',
    garment: 'panty',
    price: 699,
    originalPrice: 899,
    ratings: r(0, 1, 1, 6, 9),
    tags: ['period', 'cotton', 'hipster', 'leakproof'],
    specifications: pantySpecs({
      fabric: 'Cotton-spandex outer with a four-layer absorbent gusset',
      rise: 'Mid rise',
      coverage: 'Full coverage, extended gusset',
      waistband: 'Soft, fabric-covered elastic',
      care: 'Rinse in cold water after use, then machine wash cold; do not bleach or tumble dry',
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Black' }, { name: 'Wine' }],
    createdDaysAgo: 187,
    sizeChart: 'apparel',
  }),

  // --- Bikinis --------------------------------------------------------------------------------
  product({
    name: 'Cotton Bikini Brief (Pack of 5)',
    subheading: 'Five everyday prints and solids in breathable cotton',
    description:
      'A value pack of five low-rise bikinis in soft combed cotton, with prints and solids mixed into every pack. The leg openings are finished with a soft picot elastic that does not cut in. Perfect for rotating through the week.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Bikinis',
    garment: 'panty',
    price: 749,
    originalPrice: 999,
    ratings: r(0, 1, 2, 10, 16),
    tags: ['cotton', 'bikini', 'pack', 'everyday'],
    specifications: pantySpecs({
      fabric: '100% combed cotton body with spandex elastic',
      rise: 'Low rise',
      coverage: 'Medium coverage',
      waistband: 'Exposed picot elastic',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Pastel Mix' }, { name: 'Floral Print Mix', images: 4 }],
    createdDaysAgo: 52,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Lace Back Bikini',
    subheading: 'A smooth micro-fibre front and a sheer lace back',
    description:
      'The front panel is smooth micro-fibre, so it lies flat under clothes, while the back is all stretch lace for a flirtier view. It offers medium coverage and a low rise that suits low-waist jeans. The cotton-lined gusset keeps it breathable.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'Bikinis',
    garment: 'panty',
    price: 499,
    ratings: r(0, 0, 1, 4, 6),
    tags: ['lace', 'bikini', 'micro-fibre'],
    specifications: pantySpecs({
      fabric: 'Micro-fibre front, stretch lace back, cotton gusset',
      rise: 'Low rise',
      coverage: 'Medium coverage',
      waistband: 'Plush-backed elastic',
      care: CARE_GENTLE,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Black' }, { name: 'Wine' }, { name: 'Lavender' }],
    createdDaysAgo: 122,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Modal Everyday Bikini',
    subheading: 'Cool-touch modal for hot, humid days',
    description:
      'Modal, spun from beech-wood fibre, absorbs moisture well and feels cool against the skin, which is exactly what you want on sultry afternoons. This bikini has a smooth, fabric-covered waistband and a cotton gusset. Bright summer shades make it easy to spot in your drawer.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Bikinis',
    garment: 'panty',
    price: 349,
    ratings: r(0, 0, 2, 6, 7),
    tags: ['modal', 'bikini', 'summer'],
    specifications: pantySpecs({
      fabric: '92% modal, 8% spandex, cotton gusset',
      rise: 'Low rise',
      coverage: 'Medium coverage',
      waistband: 'Fabric-covered elastic',
      care: CARE_GENTLE,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Coral' }, { name: 'Powder Blue' }, { name: 'Mint', images: 2 }],
    createdDaysAgo: 177,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Bridal Lace Bikini',
    subheading: 'Ivory scalloped lace with a tiny satin bow',
    description:
      'Made to match our Bridal Chantilly Lace Push-Up Bra, this bikini is cut from soft scalloped lace with a tiny satin bow at the front. A fine mesh lining gives modesty without bulk. It makes a lovely addition to a trousseau gift set.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'Bikinis',
    garment: 'panty',
    price: 799,
    originalPrice: 999,
    ratings: NO_RATINGS,
    tags: ['bridal', 'lace', 'bikini'],
    specifications: pantySpecs({
      fabric: 'Nylon lace with a mesh lining and cotton gusset',
      rise: 'Low rise',
      coverage: 'Medium coverage',
      waistband: 'Scalloped lace edge',
      care: CARE_HAND,
    }),
    sizes: APP_PETITE,
    colours: [
      { name: 'Ivory', images: 6 },
      { name: 'Champagne', images: 4 },
    ],
    createdDaysAgo: 26,
    sizeChart: 'apparel',
  }),

  // --- Boyshorts ------------------------------------------------------------------------------
  product({
    name: 'Cotton Boyshort (Pack of 2)',
    subheading: 'Anti-chafe coverage for dresses and skirts',
    description:
      'Longer legs stop the thighs rubbing together, which is a real relief when you are wearing a dress or skirt through an Indian summer. The cotton-spandex fabric breathes and stretches, and the wide, flat leg bands do not roll up. Two in every pack.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Boyshorts',
    garment: 'boyshort',
    price: 599,
    ratings: r(0, 1, 2, 8, 12),
    tags: ['cotton', 'boyshort', 'anti-chafe', 'pack'],
    specifications: pantySpecs({
      fabric: '92% cotton, 8% spandex',
      rise: 'Mid rise',
      coverage: 'Full coverage, with a 3-inch leg',
      waistband: 'Soft, fabric-covered elastic',
      care: CARE_COTTON,
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Neutral Mix' }, { name: 'Dark Mix' }],
    createdDaysAgo: 95,
    sizeChart: 'apparel',
  }),
  product({
    name: 'All-Lace Boyshort',
    subheading: 'All-over stretch lace with a cheeky back',
    description:
      'All-over stretch lace gives this boyshort full front coverage and a slightly cheeky back. It is soft enough to wear all day and doubles as a lounge short under a long shirt. A cotton gusset keeps it comfortable.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'Boyshorts',
    garment: 'boyshort',
    price: 549,
    originalPrice: 699,
    ratings: r(0, 0, 1, 3, 5),
    tags: ['lace', 'boyshort'],
    specifications: pantySpecs({
      fabric: 'Stretch nylon lace with a cotton gusset',
      rise: 'Mid rise',
      coverage: 'Full front, cheeky back',
      waistband: 'Scalloped lace edge',
      care: CARE_HAND,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Black' }, { name: 'Blush Pink' }, { name: 'Navy', images: 2 }],
    createdDaysAgo: 160,
    sizeChart: 'apparel',
  }),

  // --- Thongs ---------------------------------------------------------------------------------
  product({
    name: 'Seamless No-Show Thong',
    subheading: 'Zero lines under bodycon and formal wear',
    description:
      'A bonded, seam-free thong for the outfits that show everything: bodycon dresses, satin skirts and tailored trousers. The ultra-thin waistband stays put without rolling. Soft micro-fibre with a cotton gusset.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'Thongs',
    garment: 'thong',
    price: 299,
    ratings: r(0, 1, 1, 5, 8),
    tags: ['thong', 'seamless', 'invisible'],
    specifications: pantySpecs({
      fabric: 'Micro-fibre (nylon-spandex) with a cotton gusset',
      rise: 'Mid rise',
      coverage: 'Minimal back coverage',
      waistband: 'Bonded, ultra-thin',
      care: CARE_GENTLE,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Nude' }, { name: 'Black' }, { name: 'Mocha', images: 2 }],
    createdDaysAgo: 113,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Lace Thong (Pack of 3)',
    subheading: 'Three lace thongs in party-ready shades',
    description:
      'Soft stretch lace across the front and a narrow lace back, in a pack of three rich shades. The lace is non-scratchy and the elastic is plush-backed. A simple way to make date nights feel special.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'Thongs',
    garment: 'thong',
    price: 699,
    originalPrice: 899,
    ratings: r(0, 0, 2, 4, 6),
    tags: ['thong', 'lace', 'pack'],
    specifications: pantySpecs({
      fabric: 'Stretch nylon lace with a cotton gusset',
      rise: 'Low rise',
      coverage: 'Minimal back coverage',
      waistband: 'Plush-backed elastic',
      care: CARE_HAND,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Dark Mix' }, { name: 'Jewel Mix', images: 4 }],
    createdDaysAgo: 200,
    sizeChart: 'apparel',
  }),

  // --- High-Waist Briefs ----------------------------------------------------------------------
  product({
    name: 'Cotton High-Waist Brief',
    subheading: 'Full coverage up to the navel',
    description:
      'This brief rises to the navel and covers the seat fully, so you feel secure when bending, sitting cross-legged or wearing low-rise trousers. The breathable cotton-spandex has a soft, wide waistband that will not dig into the tummy. Ideal under sarees and salwar suits.',
    brand: 'Lacebloom Essentials',
    category: PANTIES,
    subcategory: 'High-Waist Briefs',
    garment: 'panty',
    price: 449,
    originalPrice: 549,
    ratings: r(0, 0, 3, 10, 15),
    tags: ['cotton', 'high-waist', 'full-coverage', 'everyday'],
    specifications: pantySpecs({
      fabric: '95% cotton, 5% spandex',
      rise: 'High rise, to the navel',
      coverage: 'Full coverage',
      waistband: 'Wide, soft-covered elastic',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Nude' }, { name: 'Black' }, { name: 'Ivory' }],
    createdDaysAgo: 70,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Tummy Smoothing High-Waist Brief',
    subheading: 'A double-layer front panel for light control',
    description:
      'A double-layer panel across the front gently smooths the tummy, without the squeeze of full shapewear. The fabric is breathable micro-fibre with a cotton gusset, and bonded leg edges leave no lines. Wear it under fitted dresses and gowns.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'High-Waist Briefs',
    garment: 'panty',
    price: 799,
    ratings: r(0, 1, 2, 5, 8),
    tags: ['high-waist', 'shaping', 'seamless'],
    specifications: pantySpecs({
      fabric: 'Micro-fibre with a double-layer front panel',
      rise: 'High rise',
      coverage: 'Full coverage',
      waistband: 'Bonded, with an inner grip',
      care: CARE_GENTLE,
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Nude' }, { name: 'Black' }],
    createdDaysAgo: 128,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Lace Waist High-Rise Brief',
    subheading: 'A retro high rise with a wide lace band',
    description:
      'A wide band of floral lace at the waist gives this high-rise brief a vintage feel. The body is soft cotton-modal with full back coverage. Pair it with a bralette for a matching set at home.',
    brand: 'Lacebloom',
    category: PANTIES,
    subcategory: 'High-Waist Briefs',
    garment: 'panty',
    price: 549,
    ratings: NO_RATINGS,
    tags: ['lace', 'high-waist', 'new'],
    specifications: pantySpecs({
      fabric: 'Cotton-modal body with a stretch lace waist',
      rise: 'High rise',
      coverage: 'Full coverage',
      waistband: 'Wide stretch lace',
      care: CARE_GENTLE,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Dusty Rose' }, { name: 'Black' }, { name: 'Sage Green' }],
    createdDaysAgo: 8,
    sizeChart: 'apparel',
  }),
];

const sleep: SeedProduct[] = [
  // --- Nightsuits -----------------------------------------------------------------------------
  product({
    name: 'Cotton Poplin Pyjama Set',
    subheading: 'A button-down shirt and pyjamas in crisp cotton',
    description:
      'A classic notch-collar shirt with contrast piping and full-length pyjamas in crisp, breathable cotton poplin that gets softer with every wash. The relaxed fit leaves plenty of room to move, and the drawstring waist has a back elastic for comfort. Finished with a chest pocket and pearl-look buttons.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Nightsuits',
    garment: 'nightsuit',
    price: 1799,
    originalPrice: 2199,
    ratings: r(0, 1, 2, 9, 17),
    tags: ['cotton', 'nightsuit', 'pyjama', 'bestseller'],
    specifications: wearSpecs({
      fabric: '100% cotton poplin',
      fit: 'Relaxed',
      length: 'Hip-length shirt; full-length pyjama with a drawstring waist',
      care: 'Machine wash cold; iron on medium heat',
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Powder Blue', images: 4 }, { name: 'Blush Pink' }, { name: 'Navy' }],
    createdDaysAgo: 44,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Modal Tee and Shorts Set',
    subheading: 'Cool modal for hot nights',
    description:
      'When the fan is not enough, this modal tee and shorts set keeps you cool: the fabric is light, breathable and draws moisture away from the skin. The round-neck tee has a relaxed drop shoulder and the shorts sit on a soft covered elastic. It is presentable enough to answer the door in.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Nightsuits',
    garment: 'nightsuit',
    price: 1299,
    ratings: r(0, 0, 2, 7, 11),
    tags: ['modal', 'shorts', 'summer', 'nightsuit'],
    specifications: wearSpecs({
      fabric: '95% modal, 5% spandex',
      fit: 'Relaxed',
      length: 'Hip-length tee; shorts with a 4-inch inseam',
      care: CARE_GENTLE,
    }),
    sizes: APP_PETITE,
    colours: [
      { name: 'Lavender', stock: [0, 0, 0, 2, 0] },
      { name: 'Coral' },
      { name: 'Grey Melange' },
    ],
    createdDaysAgo: 82,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Printed Cotton Capri Set',
    subheading: 'Three-quarter pyjamas for every season',
    description:
      'A short-sleeve top and calf-length capri in printed pure cotton, so you get coverage without overheating. The top has a relaxed V-neck and side slits, and the capri has two deep pockets. Comfortable year-round in most Indian cities.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Nightsuits',
    garment: 'nightsuit',
    price: 1499,
    originalPrice: 1799,
    ratings: r(0, 1, 2, 6, 7),
    tags: ['cotton', 'nightsuit', 'printed'],
    specifications: wearSpecs({
      fabric: '100% cotton cambric',
      fit: 'Relaxed',
      length: 'Hip-length top; calf-length capri',
      care: CARE_COTTON,
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Mint' }, { name: 'Peach' }],
    createdDaysAgo: 148,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Brushed Flannel Pyjama Set',
    subheading: 'Soft cotton flannel for December nights',
    description:
      'Brushed cotton flannel holds warmth without the clamminess of synthetic fleece, which makes it ideal for north Indian winters. The long-sleeve shirt and pyjamas come in a timeless check, with ribbed cuffs at the ankles to keep draughts out.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Nightsuits',
    garment: 'nightsuit',
    price: 2299,
    ratings: r(0, 0, 1, 4, 5),
    tags: ['winter', 'cotton', 'nightsuit', 'checks'],
    specifications: wearSpecs({
      fabric: '100% brushed cotton flannel',
      fit: 'Regular',
      length: 'Full-length pyjama with ribbed ankle cuffs',
      care: 'Machine wash cold inside out; tumble dry low',
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Wine' }, { name: 'Navy', images: 2 }],
    createdDaysAgo: 232,
    sizeChart: 'apparel',
  }),

  // --- Babydolls ------------------------------------------------------------------------------
  product({
    name: 'Satin Lace Babydoll Set',
    subheading: 'A satin babydoll with lace cups and matching briefs',
    description:
      'Soft-touch satin falls from lace-trimmed cups into a flowing A-line hem that ends at mid-thigh. Adjustable spaghetti straps and an empire seam create a flattering fit, and matching briefs are included. A favourite for honeymoon packing.',
    brand: 'Lacebloom',
    category: SLEEP,
    subcategory: 'Babydolls',
    garment: 'babydoll',
    price: 1999,
    originalPrice: 2499,
    ratings: r(0, 0, 1, 6, 9),
    tags: ['satin', 'lace', 'babydoll', 'honeymoon'],
    specifications: wearSpecs({
      fabric: 'Polyester satin with stretch lace cups',
      fit: 'Empire waist, A-line',
      length: 'Mid-thigh',
      care: CARE_SATIN,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Wine', images: 7 }, { name: 'Black' }, { name: 'Champagne' }],
    createdDaysAgo: 37,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Cotton Mesh Babydoll',
    subheading: 'Breezy mesh and jersey for summer nights',
    description:
      'The bodice is cotton jersey for comfort and the skirt is a soft, sheer mesh that lets the air through. It is flirty without being fussy, and it goes in the washing machine inside a laundry bag.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Babydolls',
    garment: 'babydoll',
    price: 1199,
    ratings: r(0, 0, 0, 2, 3),
    tags: ['babydoll', 'mesh', 'summer', 'new'],
    specifications: wearSpecs({
      fabric: 'Cotton-spandex jersey bodice with a nylon mesh skirt',
      fit: 'Relaxed, with a soft elastic under-bust',
      length: 'Mid-thigh',
      care: CARE_GENTLE,
    }),
    sizes: APP_CORE,
    colours: [{ name: 'Blush Pink' }, { name: 'Lavender' }],
    createdDaysAgo: 11,
    sizeChart: 'apparel',
  }),

  // --- Robes ----------------------------------------------------------------------------------
  product({
    name: 'Satin Kimono Robe',
    subheading: 'A knee-length satin wrap with a sash',
    description:
      'A knee-length satin kimono with wide sleeves, an inner tie and a self-fabric sash. It is the robe bridesmaids love for getting-ready photos, and it packs into a suitcase without creasing much. Wear it over any of our slips or nightsuits.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Robes',
    garment: 'robe',
    price: 1899,
    originalPrice: 2299,
    ratings: r(0, 0, 2, 5, 9),
    tags: ['satin', 'robe', 'bridal', 'getting-ready'],
    specifications: wearSpecs({
      fabric: 'Polyester satin',
      fit: 'Relaxed wrap, with an inner tie',
      length: 'Knee length',
      care: CARE_SATIN,
    }),
    sizes: APP_CORE,
    colours: [{ name: 'Champagne' }, { name: 'Blush Pink', images: 4 }, { name: 'Black' }],
    createdDaysAgo: 59,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Mulberry Silk Wrap Robe',
    subheading: 'Pure mulberry silk with hand-rolled edges',
    description:
      'Woven from pure mulberry silk, this calf-length robe is naturally temperature-regulating: cool in summer and cosy in winter. The edges are finished with a hand-rolled hem, and it arrives in a gift box. A keepsake for weddings and anniversaries, or simply for yourself.',
    brand: 'Lacebloom',
    category: SLEEP,
    subcategory: 'Robes',
    garment: 'robe',
    price: 5499,
    originalPrice: 5999,
    ratings: r(0, 0, 0, 1, 3),
    tags: ['silk', 'robe', 'luxury', 'gift'],
    specifications: wearSpecs({
      fabric: '100% mulberry silk charmeuse, 19 momme',
      fit: 'Relaxed wrap, with a self-fabric belt',
      length: 'Calf length',
      care: 'Dry clean recommended; or hand wash cold with a silk-safe wash',
    }),
    sizes: APP_CORE,
    colours: [
      { name: 'Ivory', images: 4 },
      { name: 'Emerald', images: 4 },
    ],
    createdDaysAgo: 90,
    sizeChart: 'apparel',
  }),

  // --- Slips & Chemises -----------------------------------------------------------------------
  product({
    name: 'Bias-Cut Satin Slip',
    subheading: 'A cowl neckline and adjustable straps',
    description:
      'Cut on the bias so it skims the body rather than clinging, this satin slip has a soft cowl neckline and thin adjustable straps. Sleep in it, or layer it under a sheer kurta or dress. It falls just below the knee.',
    brand: 'Lacebloom',
    category: SLEEP,
    subcategory: 'Slips & Chemises',
    garment: 'slip',
    price: 1599,
    ratings: r(0, 0, 1, 4, 6),
    tags: ['satin', 'slip', 'cowl'],
    specifications: wearSpecs({
      fabric: 'Polyester satin',
      fit: 'Bias cut, skims the body',
      length: 'Just below the knee',
      care: CARE_SATIN,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Champagne' }, { name: 'Navy' }, { name: 'Emerald', images: 4 }],
    createdDaysAgo: 125,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Lace Trim Cotton Chemise',
    subheading: 'Breathable cotton with lace at the neck and hem',
    description:
      'A soft cotton chemise with a lace-trimmed V-neck and hem, the nightwear equivalent of a breezy summer dress. It is loose through the body for airflow and ends just above the knee. Light enough for the hottest nights.',
    brand: 'Lacebloom Sleep',
    category: SLEEP,
    subcategory: 'Slips & Chemises',
    garment: 'slip',
    price: 999,
    originalPrice: 1299,
    ratings: r(0, 0, 2, 7, 8),
    tags: ['cotton', 'chemise', 'lace', 'summer'],
    specifications: wearSpecs({
      fabric: '100% cotton voile with cotton lace trim',
      fit: 'Loose, A-line',
      length: 'Just above the knee',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Ivory' }, { name: 'Peach' }, { name: 'Powder Blue', images: 2 }],
    createdDaysAgo: 170,
    sizeChart: 'apparel',
  }),
];

const apparel: SeedProduct[] = [
  // --- Camisoles ------------------------------------------------------------------------------
  product({
    name: 'Ribbed Cotton Camisole (Pack of 2)',
    subheading: 'The layering essential under sheer kurtas',
    description:
      'Soft ribbed cotton camisoles with adjustable spaghetti straps, made to sit under sheer kurtas, chikankari tops and shirts without adding bulk. The hip length stays tucked in, and the stretch keeps the fit close. Two of the same colour in every pack.',
    brand: 'Lacebloom Essentials',
    category: APPAREL,
    subcategory: 'Camisoles',
    garment: 'camisole',
    price: 599,
    originalPrice: 749,
    ratings: r(0, 1, 3, 10, 17),
    tags: ['cotton', 'camisole', 'layering', 'pack'],
    specifications: wearSpecs({
      fabric: '95% cotton rib, 5% spandex',
      fit: 'Slim',
      length: 'Hip length',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'White' }, { name: 'Black' }, { name: 'Nude' }],
    createdDaysAgo: 28,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Shelf Bra Modal Camisole',
    subheading: 'A cami with light support built in',
    description:
      'A hidden shelf bra with removable pads gives light support, so you can skip the bra on easy days. The cotton-modal fabric is soft and breathable, and the adjustable straps slide easily. Wear it to bed, to yoga or under an open shirt.',
    brand: 'Lacebloom',
    category: APPAREL,
    subcategory: 'Camisoles',
    garment: 'camisole',
    price: 999,
    ratings: r(0, 0, 1, 5, 7),
    tags: ['camisole', 'modal', 'shelf-bra'],
    specifications: [
      { label: 'Fabric', description: 'Cotton-modal with spandex' },
      { label: 'Fit', description: 'Regular, with a built-in shelf bra' },
      { label: 'Length', description: 'Hip length' },
      { label: 'Padding', description: 'Removable soft pads' },
      { label: 'Care', description: CARE_GENTLE },
    ],
    sizes: APP_PETITE,
    colours: [{ name: 'Black' }, { name: 'Sage Green' }, { name: 'Blush Pink' }],
    createdDaysAgo: 101,
    sizeChart: 'apparel',
  }),

  // --- Leggings -------------------------------------------------------------------------------
  product({
    name: 'Ankle-Length Cotton Leggings',
    subheading: 'Four-way stretch that does not go see-through',
    description:
      'Thick, opaque cotton-lycra leggings that pass the squat test and hold their colour after many washes. The ankle length works under kurtas and tunics, and the wide, flat waistband does not roll. A wardrobe staple in four everyday colours.',
    brand: 'Lacebloom Essentials',
    category: APPAREL,
    subcategory: 'Leggings',
    garment: 'leggings',
    price: 599,
    ratings: r(0, 1, 2, 11, 14),
    tags: ['leggings', 'cotton', 'everyday'],
    specifications: wearSpecs({
      fabric: '94% cotton, 6% lycra, 220 GSM',
      fit: 'Slim',
      length: 'Ankle length',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Black' }, { name: 'Navy' }, { name: 'Mocha' }, { name: 'Ivory' }],
    createdDaysAgo: 64,
    sizeChart: 'apparel',
  }),
  product({
    name: 'High-Rise Active Leggings',
    subheading: 'A sculpting waistband and a side pocket',
    description:
      'A sculpting high-rise waistband holds you in through lunges and downward dogs, while the quick-dry fabric wicks sweat away. The side pockets fit a phone, and a gusseted crotch gives freedom of movement. Full length, with flatlock seams.',
    brand: 'Lacebloom Essentials',
    category: APPAREL,
    subcategory: 'Leggings',
    garment: 'leggings',
    price: 1499,
    originalPrice: 1799,
    ratings: r(0, 0, 1, 6, 10),
    tags: ['leggings', 'active', 'pockets', 'quick-dry'],
    specifications: wearSpecs({
      fabric: 'Nylon-spandex with a moisture-wicking finish',
      fit: 'Compression',
      length: 'Full length',
      care: CARE_ACTIVE,
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Black', images: 5 }, { name: 'Teal' }, { name: 'Charcoal' }],
    createdDaysAgo: 18,
    sizeChart: 'apparel',
  }),

  // --- Lounge Tees ----------------------------------------------------------------------------
  product({
    name: 'Cotton-Modal Lounge Tee',
    subheading: 'A relaxed fit for working from home and weekends',
    description:
      'A relaxed, slightly oversized tee in cotton-modal with a soft, drapey feel. It is neat enough for video calls, with a clean crew neck and a hem long enough to wear over leggings. Pre-washed to minimise shrinkage.',
    brand: 'Lacebloom Essentials',
    category: APPAREL,
    subcategory: 'Lounge Tees',
    garment: 'tshirt',
    price: 699,
    ratings: r(0, 0, 2, 6, 9),
    tags: ['tee', 'modal', 'lounge'],
    specifications: wearSpecs({
      fabric: '60% cotton, 40% modal',
      fit: 'Relaxed',
      length: 'Hip length',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Grey Melange' }, { name: 'Ivory' }, { name: 'Lavender' }],
    createdDaysAgo: 136,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Do Not Disturb Sleep Tee',
    subheading: 'An oversized cotton tee with a cheeky print',
    description:
      'An oversized, thigh-length tee in pure cotton with a cheeky "Do Not Disturb" print across the front. Wear it as a sleep shirt, or with shorts on lazy Sundays. The soft-washed jersey feels lived-in from day one.',
    brand: 'Lacebloom Sleep',
    category: APPAREL,
    subcategory: 'Lounge Tees',
    garment: 'tshirt',
    price: 799,
    originalPrice: 999,
    ratings: r(0, 1, 1, 3, 4),
    tags: ['tee', 'cotton', 'lounge', 'printed'],
    specifications: wearSpecs({
      fabric: '100% cotton jersey, soft-washed',
      fit: 'Oversized',
      length: 'Thigh length',
      care: CARE_COTTON,
    }),
    sizes: APP_CORE,
    colours: [{ name: 'Blush Pink' }, { name: 'Navy' }],
    createdDaysAgo: 215,
    sizeChart: 'apparel',
  }),

  // --- Shapewear ------------------------------------------------------------------------------
  product({
    name: 'High-Waist Shaping Shorts',
    subheading: 'Firm control from the waist to mid-thigh',
    description:
      'Firm-control shorts that smooth the tummy, hips and thighs under sarees, gowns and fitted dresses. Silicone grips at the waist and legs stop them rolling, and the breathable micro-fibre makes them bearable in the heat. The longer leg also prevents thigh chafing.',
    brand: 'Lacebloom',
    category: APPAREL,
    subcategory: 'Shapewear',
    garment: 'shapewear',
    price: 1299,
    originalPrice: 1599,
    ratings: r(0, 1, 2, 8, 11),
    tags: ['shapewear', 'anti-chafe', 'high-waist'],
    specifications: wearSpecs({
      fabric: 'Nylon-spandex power mesh with a cotton gusset',
      fit: 'Firm control',
      length: 'High waist to mid-thigh',
      care: CARE_HAND,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Nude', images: 4 }, { name: 'Black' }],
    createdDaysAgo: 76,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Saree Shapewear Petticoat',
    subheading: 'A flared shaping petticoat for a smooth saree drape',
    description:
      'Swap your regular petticoat for this stretch shaping version: it smooths the tummy and hips and flares at the knee for a clean, mermaid-style saree drape. A drawstring waist lets you tuck pleats in securely, and a side slit makes walking easy. Available in shades that suit most sarees.',
    brand: 'Lacebloom',
    category: APPAREL,
    subcategory: 'Shapewear',
    garment: 'shapewear',
    price: 1199,
    ratings: r(0, 0, 1, 7, 12),
    tags: ['shapewear', 'saree', 'ethnic'],
    specifications: wearSpecs({
      fabric: 'Cotton-lycra with a flared hem panel',
      fit: 'Fitted to the knee, then flared',
      length: 'Floor length',
      care: CARE_GENTLE,
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Nude' }, { name: 'Black' }, { name: 'Wine' }, { name: 'Navy' }],
    createdDaysAgo: 183,
    sizeChart: 'apparel',
  }),
];

const beauty: SeedProduct[] = [
  // --- Body Mists -----------------------------------------------------------------------------
  product({
    name: 'Rose & Oud Body Mist',
    subheading: 'Damask rose over a soft oud base',
    description:
      'A warm, romantic mist that opens on fresh Damask rose and settles into a soft oud base. The light formula is enriched with aloe vera, so it will not dry out your skin. Layer it with the Rose & Oud Body Lotion for a fragrance that lasts longer.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Body Mists',
    garment: 'beauty-bottle',
    price: 599,
    originalPrice: 699,
    ratings: r(0, 1, 2, 9, 14),
    tags: ['body-mist', 'rose', 'bestseller'],
    specifications: beautySpecs({
      volume: '150 ml',
      ingredients: 'Damask rose extract, oud accord, aloe vera',
      howToUse: 'Spray on pulse points and clothes from about 15 cm away; reapply as needed',
      shelfLife: '36 months from the date of manufacture',
    }),
    sizes: FREE_SIZE,
    colours: [{ name: 'Dusty Rose', images: 2 }],
    createdDaysAgo: 49,
    sizeChart: 'none',
  }),
  product({
    name: 'Mogra Bloom Body Mist',
    subheading: 'A fresh jasmine fragrance for hot days',
    description:
      'Inspired by strings of fresh mogra on a summer evening, this mist is bright, floral and uplifting. The light formula suits heat and humidity, when heavy perfumes feel like too much. Keep it in your handbag for a refresh after the commute.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Body Mists',
    garment: 'beauty-bottle',
    price: 499,
    ratings: r(0, 0, 1, 7, 10),
    tags: ['body-mist', 'jasmine', 'summer'],
    specifications: beautySpecs({
      volume: '150 ml',
      ingredients: 'Jasmine sambac (mogra) accord, glycerin, aloe vera',
      howToUse: 'Spray on pulse points and clothes from about 15 cm away; reapply as needed',
      shelfLife: '36 months from the date of manufacture',
    }),
    sizes: FREE_SIZE,
    colours: [{ name: 'Ivory', images: 2 }],
    createdDaysAgo: 85,
    sizeChart: 'none',
  }),
  product({
    name: 'Citrus Khus Body Mist',
    subheading: 'Zesty lemon with a cool vetiver base',
    description:
      'Sparkling lemon and grapefruit over a cool base of khus (vetiver) make this mist feel like a glass of nimbu paani on a scorching afternoon. It is fresh enough for anyone to wear and fades gently without lingering.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Body Mists',
    garment: 'beauty-bottle',
    price: 499,
    originalPrice: 599,
    ratings: r(0, 0, 1, 2, 2),
    tags: ['body-mist', 'citrus', 'new'],
    specifications: beautySpecs({
      volume: '150 ml',
      ingredients: 'Lemon and grapefruit accord, vetiver (khus) extract, aloe vera',
      howToUse: 'Spray on pulse points and clothes from about 15 cm away; reapply as needed',
      shelfLife: '36 months from the date of manufacture',
    }),
    sizes: FREE_SIZE,
    colours: [{ name: 'Peach', images: 2 }],
    createdDaysAgo: 12,
    sizeChart: 'none',
  }),

  // --- Lingerie Care --------------------------------------------------------------------------
  product({
    name: 'Gentle Lingerie Wash',
    subheading: 'A pH-balanced wash for lace, satin and elastics',
    description:
      'A pH-balanced, enzyme-free wash that cleans lace, satin and elastics without stripping them, so your bras keep their shape and colour for longer. Just soak, swish and rinse; no scrubbing needed. Lightly scented with lavender.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Lingerie Care',
    garment: 'beauty-bottle',
    price: 349,
    ratings: r(0, 0, 1, 6, 8),
    tags: ['lingerie-care', 'wash', 'delicates'],
    specifications: beautySpecs({
      volume: '200 ml (about 40 hand washes)',
      ingredients: 'Plant-derived cleansers, lavender oil',
      howToUse: 'Add one capful to 3 litres of cool water, soak for 5 minutes, then rinse gently',
      shelfLife: '24 months from the date of manufacture',
    }),
    sizes: FREE_SIZE,
    colours: [{ name: 'Lavender', images: 2 }],
    createdDaysAgo: 107,
    sizeChart: 'none',
  }),
  product({
    name: 'Mesh Lingerie Wash Bags (Set of 3)',
    subheading: 'Protect bras and delicates in the machine',
    description:
      'Fine mesh bags that protect bras and delicates in the washing machine, so hooks do not snag and underwires do not bend. The set includes a cylinder-shaped bra bag plus a medium and a large flat bag. Zip guards stop the pullers catching on other clothes.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Lingerie Care',
    garment: 'accessory',
    price: 299,
    ratings: r(0, 0, 2, 4, 9),
    tags: ['lingerie-care', 'laundry', 'accessory'],
    specifications: [
      {
        label: 'Contents',
        description: '1 bra bag (15 cm), 1 medium bag (30 x 40 cm), 1 large bag',
      },
      { label: 'Material', description: 'Fine polyester mesh with zip guards' },
      {
        label: 'How to Use',
        description: 'Fasten bra hooks, zip the bag shut and wash on a delicate cycle',
      },
    ],
    sizes: FREE_SIZE,
    colours: [{ name: 'White', images: 2 }],
    createdDaysAgo: 155,
    sizeChart: 'none',
  }),

  // --- Body Lotions ---------------------------------------------------------------------------
  product({
    name: 'Rose & Oud Body Lotion',
    subheading: 'Non-greasy shea moisture with our signature scent',
    description:
      'A fast-absorbing lotion with shea butter and glycerin that leaves skin soft without feeling sticky in humid weather. It carries the same rose and oud fragrance as our body mist, for a scent that lasts well into the evening.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Body Lotions',
    garment: 'beauty-bottle',
    price: 549,
    ratings: r(0, 0, 1, 5, 6),
    tags: ['body-lotion', 'shea', 'rose'],
    specifications: beautySpecs({
      volume: '250 ml',
      ingredients: 'Shea butter, glycerin, Damask rose extract',
      howToUse: 'Smooth over clean, slightly damp skin after a bath; use daily',
      shelfLife: '24 months from the date of manufacture',
    }),
    sizes: FREE_SIZE,
    colours: [{ name: 'Dusty Rose', images: 3 }],
    createdDaysAgo: 62,
    sizeChart: 'none',
  }),
  product({
    name: 'Cocoa & Kokum Body Butter',
    subheading: 'Rich butters for dry elbows, knees and heels',
    description:
      'Rich cocoa butter and kokum butter, a traditional Konkan ingredient, melt into dry elbows, knees and heels. It is ideal in winter and in air-conditioned offices that leave skin parched. A little goes a long way.',
    brand: 'Lacebloom Beauty',
    category: BEAUTY,
    subcategory: 'Body Lotions',
    garment: 'beauty-jar',
    price: 699,
    ratings: r(0, 0, 0, 3, 7),
    tags: ['body-butter', 'kokum', 'winter'],
    specifications: beautySpecs({
      volume: '200 g',
      ingredients: 'Cocoa butter, kokum butter, vitamin E',
      howToUse: 'Warm a small amount between your palms and massage into dry areas',
      shelfLife: '24 months from the date of manufacture',
    }),
    sizes: FREE_SIZE,
    colours: [{ name: 'Mocha', images: 2 }],
    createdDaysAgo: 224,
    sizeChart: 'none',
  }),
];

const clearance: SeedProduct[] = [
  // --- Last Chance Bras -----------------------------------------------------------------------
  product({
    name: 'Floral Print T-Shirt Bra',
    subheading: "Final stock of last season's prints",
    description:
      "Our popular lightly padded T-shirt bra in last season's floral prints, now at a big discount. It has the same smooth moulded cups and wirefree comfort, but only a few sizes are left.",
    brand: 'Lacebloom Essentials',
    category: CLEARANCE,
    subcategory: 'Last Chance Bras',
    garment: 'bra',
    price: 549,
    originalPrice: 899,
    ratings: r(0, 1, 2, 6, 6),
    tags: ['sale', 'padded', 'printed'],
    specifications: braSpecs({
      fabric: 'Printed micro-fibre with a cotton lining',
      padding: 'Lightly padded, moulded cups',
      wiring: 'Wirefree',
      closure: 'Hook and eye, 2 columns x 2 rows',
      straps: 'Adjustable',
      care: CARE_GENTLE,
    }),
    sizes: BRA_PETITE,
    colours: [
      { name: 'Coral', stock: [0, 0, 1, 0, 0] },
      { name: 'Mint', images: 2 },
    ],
    createdDaysAgo: 240,
    sizeChart: 'bra',
  }),
  product({
    name: 'Balconette Lace Bra',
    subheading: 'A wide-set balconette we are retiring',
    description:
      'A wide-set balconette with lace-trimmed half cups that flatters square and sweetheart necklines. We are retiring this style, so these are the last pieces in our warehouse.',
    brand: 'Lacebloom',
    category: CLEARANCE,
    subcategory: 'Last Chance Bras',
    garment: 'bra',
    price: 699,
    originalPrice: 1499,
    ratings: r(0, 1, 1, 3, 4),
    tags: ['sale', 'lace', 'balconette', 'underwired'],
    specifications: braSpecs({
      fabric: 'Micro-fibre with lace-trimmed cups',
      padding: 'Lightly padded',
      wiring: 'Underwired',
      closure: 'Hook and eye, 3 columns x 2 rows',
      straps: 'Adjustable, wide-set',
      care: CARE_HAND,
    }),
    sizes: BRA_SIX,
    colours: [{ name: 'Navy' }, { name: 'Teal', images: 2 }],
    createdDaysAgo: 205,
    sizeChart: 'bra',
  }),
  product({
    name: 'Mesh Panel Sports Bralette',
    subheading: 'Light support in discontinued colours',
    description:
      'A light-support bralette with breathable mesh panels, good for yoga or simply lounging. These discontinued colours are now at a clearance price.',
    brand: 'Lacebloom Essentials',
    category: CLEARANCE,
    subcategory: 'Last Chance Bras',
    garment: 'bralette',
    price: 399,
    originalPrice: 799,
    ratings: r(0, 0, 2, 3, 3),
    tags: ['sale', 'bralette', 'sports'],
    specifications: braSpecs({
      fabric: 'Nylon-spandex with mesh panels',
      padding: 'Removable soft pads',
      wiring: 'Wirefree',
      closure: 'Pull-on, no hooks',
      straps: 'Fixed',
      care: CARE_ACTIVE,
    }),
    sizes: BRA_PETITE,
    colours: [{ name: 'Black', stock: [0, 0, 0, 0, 6] }, { name: 'Mustard' }],
    createdDaysAgo: 191,
    sizeChart: 'bra',
  }),

  // --- Last Chance Panties --------------------------------------------------------------------
  product({
    name: 'Printed Cotton Bikini (Pack of 3)',
    subheading: 'Past-season prints at a clearance price',
    description:
      'Past-season prints in our soft combed-cotton bikini, three to a pack. It has the same comfortable fit and cotton gusset as always, at well under the usual price.',
    brand: 'Lacebloom Essentials',
    category: CLEARANCE,
    subcategory: 'Last Chance Panties',
    garment: 'panty',
    price: 349,
    originalPrice: 599,
    ratings: r(0, 1, 2, 5, 5),
    tags: ['sale', 'cotton', 'bikini', 'pack'],
    specifications: pantySpecs({
      fabric: '100% combed cotton body with spandex elastic',
      rise: 'Low rise',
      coverage: 'Medium coverage',
      waistband: 'Exposed picot elastic',
      care: CARE_COTTON,
    }),
    sizes: APP_ALL,
    colours: [{ name: 'Floral Print Mix' }],
    createdDaysAgo: 230,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Lace Cheeky Hipster',
    subheading: 'The final colours of a retiring style',
    description:
      'A cheeky-cut hipster in stretch lace with a scalloped leg. These are the final colours of a style we are retiring, so grab your size while it lasts.',
    brand: 'Lacebloom',
    category: CLEARANCE,
    subcategory: 'Last Chance Panties',
    garment: 'panty',
    price: 249,
    originalPrice: 449,
    ratings: r(0, 0, 1, 2, 4),
    tags: ['sale', 'lace', 'hipster'],
    specifications: pantySpecs({
      fabric: 'Stretch nylon lace with a cotton gusset',
      rise: 'Mid rise',
      coverage: 'Cheeky',
      waistband: 'Scalloped lace edge',
      care: CARE_HAND,
    }),
    sizes: APP_PETITE,
    colours: [{ name: 'Coral' }, { name: 'Lavender', images: 2 }],
    createdDaysAgo: 218,
    sizeChart: 'apparel',
  }),
  product({
    name: 'Micro-Fibre Boyshort (Pack of 2)',
    subheading: 'Smooth, no-roll boyshorts at half price',
    description:
      'Smooth micro-fibre boyshorts with flat, bonded leg edges that do not roll or show under clothes. We are clearing the last packs of this style at half price.',
    brand: 'Lacebloom Essentials',
    category: CLEARANCE,
    subcategory: 'Last Chance Panties',
    garment: 'boyshort',
    price: 349,
    originalPrice: 699,
    ratings: r(0, 1, 1, 4, 3),
    tags: ['sale', 'boyshort', 'micro-fibre', 'pack'],
    specifications: pantySpecs({
      fabric: 'Micro-fibre (nylon-spandex) with a cotton gusset',
      rise: 'Mid rise',
      coverage: 'Full coverage',
      waistband: 'Bonded, no elastic',
      care: CARE_GENTLE,
    }),
    sizes: APP_PLUS,
    colours: [{ name: 'Dark Mix' }],
    createdDaysAgo: 236,
    sizeChart: 'apparel',
  }),
];

export const seedProducts: SeedProduct[] = [
  ...bras,
  ...panties,
  ...sleep,
  ...apparel,
  ...beauty,
  ...clearance,
];
