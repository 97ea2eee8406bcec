/**
 * The one database schema, shared by PGlite (embedded default) and PostgreSQL.
 * Money is integer paise; rupees exist only on the wire.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  awaitingPaymentStatuses,
  orderPaymentStatuses,
  providerPaymentStatuses,
  refundReasons,
  refundStates,
} from '@shop/domain/payments';
import { dispatchPaymentStatuses, dispatchStatuses } from '@shop/domain/dispatch';
import { returnActions, returnLineStates } from '@shop/domain/returns';
import { shipmentStates } from '@shop/domain/shipping';
import { DEFAULT_LOW_STOCK_THRESHOLD, stockMovementReasons } from '@shop/domain/stock';
import { staffRoles, userRoles } from '@shop/domain/roles';
import { uploadFormats } from '@shop/domain/media-uploads';
import { blogStates } from '@shop/domain/blog';
import { grievanceCategories, grievanceStatuses } from '@shop/domain/grievances';
import { consentSources, messageChannels, messagePurposes } from '@shop/domain/account-data';
import { bandFits, cupFits, reviewRejectReasons, reviewStates } from '@shop/domain/reviews';
import { sizeChartKinds, type SizeChartRow } from '@shop/domain/size-charts';

/** `column in ('a', 'b', ...)` for a check constraint whose values come from a domain table. */
function oneOf(column: SQL | AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The HSN code its products are invoiced under when a product has none of its own ('' none). */
    hsnCode: text('hsn_code').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_position_idx').on(t.position),
    index('categories_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subcategories_category_slug_key').on(t.categoryId, t.slug),
    index('subcategories_category_idx').on(t.categoryId, t.position),
    index('subcategories_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * A size chart: its picture and its sizes as data. Bra charts hold band × cup rows with the
 * under-bust and bust ranges, letter charts (XS…3XL) bust, waist and hip ranges, all inclusive in
 * cm (the domain's `SizeChartRow`). The rows live in one jsonb list: they are always read and
 * replaced whole, and a chart holds at most a few hundred.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The picture's address in the media library; '' when the chart has none. */
    image: text('image').notNull(),
    kind: text('kind', { enum: sizeChartKinds }).notNull().default('bra'),
    rows: jsonb('rows')
      .$type<SizeChartRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The shop's default bra chart: the finder answers in it for a product without one. */
    isDefaultBra: boolean('is_default_bra').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('size_charts_kind_check', oneOf(t.kind, sizeChartKinds)),
    check('size_charts_default_is_bra_check', sql`not ${t.isDefaultBra} or ${t.kind} = 'bra'`),
    // At most one default bra chart.
    uniqueIndex('size_charts_default_bra_key')
      .on(t.isDefaultBra)
      .where(sql`${t.isDefaultBra}`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    subheading: text('subheading').notNull().default(''),
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id),
    pricePaise: integer('price_paise').notNull(),
    originalPricePaise: integer('original_price_paise'),
    /** Individual ratings (1-5); the average is derived when read. */
    ratings: smallint('ratings')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    ratingAverage: real('rating_average').notNull().default(0),
    sizeChartId: uuid('size_chart_id').references(() => sizeCharts.id),
    /** Merchandising order: "Recommended" sorting and the home page's featured product follow it. */
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Package declarations India asks of goods sold online (Legal Metrology) and invoices (GST). */
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    /** 4, 6 or 8 digits; '' until the owner enters it. */
    hsnCode: text('hsn_code').notNull().default(''),
    /** The manufacturer's or importer's name and address. */
    manufacturer: text('manufacturer').notNull().default(''),
    /** The goods' common or generic name (e.g. 'Brassiere'); '' shows the category's. */
    genericName: text('generic_name').notNull().default(''),
    /** Net quantity as the package declares it: '1 N', 'Pack of 3', '50 ml'. */
    netQuantity: text('net_quantity').notNull().default('1 N'),
    /** A size with this many units or fewer is low on stock (the stock desk's list and mail). */
    lowStockThreshold: integer('low_stock_threshold')
      .notNull()
      .default(DEFAULT_LOW_STOCK_THRESHOLD),
    /** Name, subheading, category, subcategory and tags, kept by the catalogue service for search. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The words of `search_text`, with the product's name weighted A so that ranking puts a
     * product named for the query above one that only mentions it.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', ${products.name}), 'A') || to_tsvector('english', ${products.searchText})`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId, t.isActive, t.position),
    index('products_subcategory_idx').on(t.subcategoryId, t.isActive, t.position),
    index('products_active_position_idx').on(t.isActive, t.position),
    index('products_price_idx').on(t.pricePaise),
    index('products_created_idx').on(t.createdAt),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check('products_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * Every distinct word (3 letters or more, not a stop word) of the products' search text, kept by
 * statement triggers on `products`: search corrects a misspelt term to the nearest of these.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** The word's English stems: a term matches some product when it matches some word here. */
    lexemes: tsvector('lexemes').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('english', ${searchWords.word})`,
    ),
  },
  (t) => [
    index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    index('search_words_lexemes_idx').using('gin', t.lexemes),
  ],
);

export const productColors = pgTable(
  'product_colors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorName: text('color_name').notNull(),
    colorHex: text('color_hex').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_colors_product_idx').on(t.productId, t.position),
    uniqueIndex('product_colors_product_name_key').on(t.productId, sql`lower(${t.colorName})`),
    index('product_colors_name_trgm_idx').using('gin', t.colorName.op('gin_trgm_ops')),
  ],
);

export const productColorImages = pgTable(
  'product_color_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    colorId: uuid('color_id')
      .notNull()
      .references(() => productColors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** What the photo shows, for shoppers who cannot see it. */
    alt: text('alt').notNull().default(''),
    /** The uploaded image this photo is (the back office's media id); null for seeded drawings. */
    mediaId: text('media_id'),
    /** The point a crop keeps in view, as fractions of the width and height (centre by default). */
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_color_images_color_idx').on(t.colorId, t.position)],
);

export const productSizeStock = pgTable(
  'product_size_stock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    colorId: uuid('color_id')
      .notNull()
      .references(() => productColors.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_size_stock_color_size_key').on(t.colorId, sql`lower(${t.size})`),
    index('product_size_stock_size_idx').on(sql`lower(${t.size})`, t.stock),
    check('product_size_stock_not_negative', sql`${t.stock} >= 0`),
  ],
);

/**
 * Every change of a size's stock, so the history explains every number: written by the trigger
 * `record_stock_movement` on `product_size_stock` in the changing transaction (see
 * db/functions/record_stock_movement.sql). The stock desk names its reason, note and who; an
 * order's placement or release is recorded as `sale` or `release`. Keyed by product, colour and
 * size as named (not by stock row), so it outlives a stock row rebuilt by the product editor.
 * Ids grow in the order a size's changes commit (each is taken under the size's row lock).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorName: text('color_name').notNull(),
    size: text('size').notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** Null for an order's movement, or once the account is deleted (the email stays). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_size_idx').on(
      t.productId,
      sql`lower(${t.colorName})`,
      sql`lower(${t.size})`,
      t.id,
    ),
    check('stock_movements_reason_check', oneOf(t.reason, stockMovementReasons)),
    check('stock_movements_stock_after_check', sql`${t.stockAfter} >= 0`),
  ],
);

export const productSpecifications = pgTable(
  'product_specifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    description: text('description').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [index('product_specifications_product_idx').on(t.productId, t.order)],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('tags_name_key').on(t.name),
    index('tags_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tagId] }),
    index('product_tags_tag_idx').on(t.tagId),
  ],
);

/**
 * A journal article. A draft is the author's until it is published; the storefront reads published
 * ones only. `published_at` is set the first time it is published and kept after (the journal's
 * date for it); `markup` is sanitized HTML (allowlist), never stored raw.
 */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Sanitized HTML (allowlist) — never stored raw. */
    markup: text('markup').notNull(),
    /** The excerpt the journal's card shows (the article answer's `content` field). */
    content: text('content').notNull().default(''),
    image: text('image'),
    status: text('status', { enum: blogStates }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_status_published_idx').on(t.status, t.publishedAt),
    index('blogs_updated_idx').on(t.updatedAt, t.id),
    check('blogs_status_check', oneOf(t.status, blogStates)),
    check(
      'blogs_published_has_date',
      sql`${t.status} <> 'published' or ${t.publishedAt} is not null`,
    ),
  ],
);

/**
 * A home page banner: a desktop and a mobile picture (either may be missing, and the banner is then
 * left out at that width), a link, an order and a schedule. It shows while active and from
 * `starts_at` (or always) until before `ends_at` (or for ever).
 */
export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The desktop picture. */
    image: text('image'),
    mobileImage: text('mobile_image'),
    link: text('link').notNull().default(''),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('banners_showing_idx').on(t.isActive, t.position),
    check('banners_image_check', sql`${t.image} is not null or ${t.mobileImage} is not null`),
    check(
      'banners_schedule_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

// ---------- uploaded photos ----------

/**
 * Photos uploaded in the back office, stored once per content (the hash of the uploaded bytes)
 * as `/media/uploads/<id>`: the original without its metadata, and its renditions. A row no
 * product colour, banner, category or article refers to is removed with its files after a grace
 * period (media-orphans.ts).
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the bytes as uploaded, hex. */
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The format the photo arrived in (sniffed from its bytes). */
    format: text('format', { enum: uploadFormats }).notNull(),
    /** Bytes of the stored original. */
    bytes: integer('bytes').notNull(),
    alt: text('alt'),
    focalX: real('focal_x'),
    focalY: real('focal_y'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Uploaded again (the same bytes): the grace period before an orphan is removed restarts. */
    lastUploadedAt: timestamp('last_uploaded_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('media_hash_key').on(t.hash),
    index('media_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('media_last_uploaded_idx').on(t.lastUploadedAt),
    check('media_format_check', oneOf(t.format, uploadFormats)),
    check('media_focal_check', sql`${t.focalX} between 0 and 1 and ${t.focalY} between 0 and 1`),
  ],
);

// ---------- accounts ----------

/** A saved address as stored in `users.addresses` (the list is replaced whole on every edit). */
export interface StoredAddress {
  id: string;
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  pinCode: string;
  phone: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed and lower-cased, so one address is one account however it is typed. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** 10 digits, or '' for accounts from Google that have not given one. */
    phone: text('phone').notNull().default(''),
    /** argon2id PHC string; null for accounts made through Google that never set a password. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * The phone was proven with a code sent to it: one account per verified number (an unverified
     * one is only what was typed, and never signs anyone in).
     */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Google's stable subject id, once the account is linked to Google. */
    googleSubject: text('google_subject'),
    /**
     * The role granted by an operator (`npm run owner`) or an owner (the staff API). An address
     * listed in ADMIN_EMAILS is an owner as well once it is verified; the role is never read
     * from an address alone.
     */
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    /** When `role` was last given; null for shoppers who never had another. */
    roleSince: timestamp('role_since', { withTimezone: true }),
    /** Her bra size as the size finder or she gave it ('34B'); null until she saves one. */
    mySize: text('my_size'),
    addresses: jsonb('addresses')
      .$type<StoredAddress[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Access tokens issued before this instant are refused (password change and reset). */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /**
     * Sign-ins ended by signing out on their device: their access tokens are refused until they
     * would have expired anyway (`until`), when the entry is dropped.
     */
    endedSessions: jsonb('ended_sessions')
      .$type<EndedSession[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * When she erased her account: the row stays (her kept orders point at it) with no name,
     * phone, password, Google link or addresses, and an address at the reserved `.invalid`
     * domain in place of hers, so no sign-in, mail or message finds it.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // An account made by phone has no email ('') until she adds one.
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`${t.email} <> ''`),
    uniqueIndex('users_verified_phone_key')
      .on(t.phone)
      .where(sql`${t.phoneVerified}`),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    check('users_role_check', oneOf(t.role, userRoles)),
    // The back office's people, listed by the staff screen without reading every shopper.
    index('users_staff_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
    // The customers screen pages through every account newest first, by keyset, and finds
    // accounts by any part of an email, a name or a phone (ILIKE '%...%' needs trigrams).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh replaces
 * the presented token with a new one of the same family and the same absolute expiry. Presenting a
 * replaced token again means it was stolen or replayed: the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use links sent by mail (password reset, email verification), stored as hashes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * The address a verification link proves when it adds one to an account that has none (made
     * with a phone number): following it sets this address. Null on links that prove the
     * account's own address, and on password resets.
     */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
    check(
      'one_time_tokens_purpose_check',
      sql`${t.purpose} in ('password_reset', 'email_verification')`,
    ),
  ],
);

/**
 * Every choice a shopper made about messages, one row per choice given or withdrawn, never
 * changed: when, where (sign-up, profile, checkout), the exact words she was shown, and the
 * purpose and channel. Her current choice per purpose and channel is the newest row.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    granted: boolean('granted').notNull(),
    source: text('source').notNull(),
    wording: text('wording').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_records_user_idx').on(t.userId, t.purpose, t.channel, t.at),
    check('consent_records_purpose_check', oneOf(t.purpose, messagePurposes)),
    check('consent_records_channel_check', oneOf(t.channel, messageChannels)),
    check('consent_records_source_check', oneOf(t.source, consentSources)),
  ],
);

/**
 * Throttle counters, one row per action and subject (an address, an account, or both), each
 * changed by one atomic statement that counts and decides at once, so a burst of requests in any
 * number of processes spends exactly its own size of an allowance. Windowed rows count `hits`
 * until `expiresAt`; back-off rows count attempts in a row and refuse until `blockedUntil`.
 * A row past `expiresAt` counts for nothing and is pruned.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    /** When the current window (or run of attempts) began. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    hits: integer('hits').notNull(),
    /** Back-off rows: no attempt is let through before this. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the statement that last wrote the row decided (read back through RETURNING). */
    allowed: boolean('allowed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.action, t.subject] }),
    index('throttle_counters_expires_idx').on(t.expiresAt),
  ],
);

// ---------- discounts ----------

export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored in upper case; shoppers may type it in any case. */
    code: text('code').notNull(),
    type: text('type').notNull().default('coupon'),
    description: text('description').notNull().default(''),
    percentOff: smallint('percent_off'),
    amountOffPaise: integer('amount_off_paise'),
    minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    /** Orders placed with this code; raised atomically when an order takes it (never past the limit). */
    timesUsed: integer('times_used').notNull().default(0),
    eligibleCategoryIds: uuid('eligible_category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    eligibleProductIds: uuid('eligible_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** Only for a shopper's first order: refused once she has a paid order (NEW10). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('discounts_code_key').on(t.code),
    check('discounts_type_check', sql`${t.type} in ('coupon', 'voucher')`),
    check(
      'discounts_one_amount_check',
      sql`(${t.percentOff} is null) <> (${t.amountOffPaise} is null)`,
    ),
    check(
      'discounts_percent_range_check',
      sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`,
    ),
  ],
);

/** One row per order placed with a discount: per-shopper limits count these. */
export const discountUses = pgTable(
  'discount_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order that used it (the orders table arrives with checkout). */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_uses_discount_user_idx').on(t.discountId, t.userId)],
);

/**
 * Offers without a code ('3 for ₹999'), applied by the server to the best grouping for the shopper
 * (packages/domain/src/offers.ts). Never deleted and, once in an order, never changed: only ended.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind').notNull(),
    units: smallint('units').notNull(),
    bundlePricePaise: integer('bundle_price_paise'),
    freeUnits: smallint('free_units'),
    percent: smallint('percent'),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    subcategoryIds: uuid('subcategory_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    excludedProductIds: uuid('excluded_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When the shop ended it by hand (it then applies to no new cart or order). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    priority: integer('priority').notNull().default(0),
    maxGroupsPerOrder: integer('max_groups_per_order'),
    stacking: text('stacking').notNull().default('none'),
    stackableCodes: text('stackable_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('offers_slug_key').on(t.slug),
    index('offers_created_idx').on(t.createdAt, t.id),
    check('offers_kind_check', sql`${t.kind} in ('bundle_price', 'buy_get', 'nth_percent')`),
    check('offers_stacking_check', sql`${t.stacking} in ('none', 'any', 'listed')`),
    check('offers_units_check', sql`${t.units} between 1 and 20`),
  ],
);

// ---------- carts ----------

/** A shopper's cart (one per user) or a guest's (one per browser session id). */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestSessionId: text('guest_session_id'),
    appliedCouponId: uuid('applied_coupon_id').references(() => discounts.id, {
      onDelete: 'set null',
    }),
    appliedVoucherId: uuid('applied_voucher_id').references(() => discounts.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('carts_user_key').on(t.userId),
    uniqueIndex('carts_guest_session_key').on(t.guestSessionId),
    index('carts_guest_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.guestSessionId} is not null`),
    check('carts_one_owner_check', sql`(${t.userId} is null) <> (${t.guestSessionId} is null)`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorName: text('color_name').notNull(),
    colorHex: text('color_hex').notNull(),
    /** Lower case: '34c', 'm', 'free size'. */
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    selectedImage: text('selected_image').notNull(),
    /** The catalogue price when the line was added, so validation can tell a price change. */
    unitPricePaise: integer('unit_price_paise').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(
      t.cartId,
      t.productId,
      sql`lower(${t.colorName})`,
      t.size,
    ),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

// ---------- wishlists ----------

export const wishlists = pgTable(
  'wishlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('My Wishlist'),
    isPublic: boolean('is_public').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('wishlists_user_key').on(t.userId)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wishlistId: uuid('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The catalogue price when it was added (never the browser's figure). */
    priceWhenAddedPaise: integer('price_when_added_paise').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_product_key').on(t.wishlistId, t.productId)],
);

// ---------- orders and payments ----------

/** An address as an order keeps it (a copy: later edits to saved addresses do not change it). */
/** A sign-in (its refresh-token family) ended on its device, and until when that matters. */
export interface EndedSession {
  id: string;
  until: string;
}

/** One code applied to an order and the paise it took off. */
export interface OrderDiscount {
  code: string;
  type: 'coupon' | 'voucher';
  amountPaise: number;
}

/** An offer as an order keeps it: what it was called and took off then. */
export interface OrderOffer {
  offerId: string;
  label: string;
  units: number;
  discountPaise: number;
}

export interface OrderAddress {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  pinCode: string;
  phone: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull().default('razorpay'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** Everything taken off: the offers' shares of its lines and its codes. */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** Of `discountPaise`, what the offers took off (applied before codes). */
    offerDiscountPaise: integer('offer_discount_paise').notNull().default(0),
    /** Each offer applied as placed: its id, label, units grouped and what it took off. */
    offers: jsonb('offers')
      .$type<OrderOffer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    discountId: uuid('discount_id').references(() => discounts.id),
    discountCode: text('discount_code'),
    /** Each applied code with what it took off, in the order they were applied. */
    discounts: jsonb('discounts')
      .$type<OrderDiscount[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    /** `Idempotency-Key` of the request that placed it, and a hash of that request's body. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** An unpaid order is cancelled, and its stock released, after this instant. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** Who carries the parcel and its tracking number (AWB), set when the shop ships it. */
    courier: text('courier'),
    awb: text('awb'),
    /** Cash on delivery's fee, part of the total the courier collects. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** A COD order's mailed confirmation code, hashed; null once confirmed or for other orders. */
    codCodeHash: text('cod_code_hash'),
    codCodeAttempts: integer('cod_code_attempts').notNull().default(0),
    /** When the shopper (with the mailed code) or the shop (after a call) confirmed a COD order. */
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // Orders still awaiting money; one held for review is the shop's to decide, never expired.
    index('orders_awaiting_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'pending' and ${oneOf(t.paymentStatus, awaitingPaymentStatuses)}`),
    // Cash-on-delivery orders waiting for their confirmation, swept at their deadline.
    index('orders_cod_unconfirmed_due_idx')
      .on(t.paymentDueAt)
      .where(
        sql`${t.status} = 'pending' and ${t.paymentStatus} = 'cod_pending' and ${t.codConfirmedAt} is null`,
      ),
    // A shopper's orders in a given state, found at once: adding to the cart counts the units
    // her order awaiting money holds, and placing checks for one, on every call, however many
    // orders she or the shop has. Not partial: the states arrive as parameters, which a partial
    // index's predicate cannot be proven from in a prepared statement's generic plan.
    index('orders_user_state_idx').on(t.userId, t.status, t.paymentStatus),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The review request sweep finds orders delivered a week ago by their delivery time.
    index('orders_delivered_idx')
      .on(t.deliveredAt, t.id)
      .where(sql`${t.status} = 'delivered'`),
    // Payments held for review: counted on the dashboard, listed first on the orders desk.
    index('orders_payment_review_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'payment_review'`),
    // The orders desk pages through every order newest first, by keyset.
    index('orders_created_idx').on(t.createdAt, t.id),
    // The dispatch queue pages through paid orders waiting to be packed, oldest first.
    index('orders_dispatch_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${oneOf(t.status, dispatchStatuses)} and ${oneOf(t.paymentStatus, dispatchPaymentStatuses)}`,
      ),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned')`,
    ),
    check('orders_payment_status_check', oneOf(t.paymentStatus, orderPaymentStatuses)),
    check(
      'orders_total_check',
      sql`${t.totalPaise} >= 0 and ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.shippingPaise} + ${t.taxPaise} + ${t.codFeePaise}`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    colorName: text('color_name').notNull(),
    colorHex: text('color_hex').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    itemTotalPaise: integer('item_total_paise').notNull(),
    /** Its units' shares of the offers they were grouped under, as placed (never changed). */
    offerDiscountPaise: integer('offer_discount_paise').notNull().default(0),
    /** The offer its units were grouped under and its label then; null when none. */
    offerId: uuid('offer_id').references(() => offers.id),
    offerLabel: text('offer_label'),
    /** Kept for the return rules (hygiene exclusions) as they were when bought. */
    categorySlug: text('category_slug').notNull(),
    subcategorySlug: text('subcategory_slug'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    // Order search looks among one shopper's orders (through orders_user_created_idx and this
    // index), so product names need no trigram index of their own: it would only slow every order.
    index('order_items_order_idx').on(t.orderId, t.position),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** One row per provider order made for a shop order: what was asked, paid, failed or refunded. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    method: text('method'),
    failureReason: text('failure_reason'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When reconciliation last asked the provider about this provider order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_order_key').on(t.providerOrderId),
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    // At most one open provider order per shop order: paying again reuses it.
    uniqueIndex('payments_open_per_order_key')
      .on(t.orderId)
      .where(sql`${t.status} = 'created'`),
    check('payments_status_check', oneOf(t.status, providerPaymentStatuses)),
  ],
);

/**
 * Money owed back to a shopper. The row is written in the transaction that decides the refund
 * (a cancel, a return received, a late or duplicate payment); a worker sends it to the provider
 * after commit, with the row's id as the refund's receipt, so a retry after a crash finds the
 * first attempt at the provider instead of refunding twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Our payment row, when the money came through one (a duplicate capture may have none). */
    paymentId: uuid('payment_id').references(() => payments.id),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a worker may send it next; a worker that claims it pushes this forward (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Why the shop refunded by hand, as its staff wrote it (never shown to the shopper). */
    note: text('note'),
    /**
     * The role of the person of the shop who decided the refund (a cancel, a returned line, a
     * refund by hand); null when the shop's own rules owe it. Staff's refunds of an order count
     * together against their limit (`refundGate`).
     */
    decidedByRole: text('decided_by_role'),
    ...timestamps,
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    // Refunds that failed for good: counted on the dashboard, for a person to settle.
    index('refunds_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'failed'`),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    // A captured payment is refunded in full at most once for a cancel, a late or a duplicate
    // payment, however many requests decide it at once; returns may refund it in parts.
    uniqueIndex('refunds_whole_payment_key')
      .on(t.providerPaymentId)
      .where(sql`${t.reason} in ('cancelled', 'late_payment', 'duplicate_payment')`),
    check('refunds_reason_check', oneOf(t.reason, refundReasons)),
    check('refunds_state_check', oneOf(t.state, refundStates)),
    check('refunds_decided_by_role_check', oneOf(t.decidedByRole, staffRoles)),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The units of each bought line a refund gives back, and what each line gives (its price less its
 * share of the discount): what a line has been refunded of, for the next refund and for the shopper.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    index('refund_lines_item_idx').on(t.orderItemId),
    check('refund_lines_quantity_check', sql`${t.quantity} > 0`),
    check('refund_lines_amount_check', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * A bought line the shopper asked to exchange or return, and where it stands. At most one request
 * per bought line. An exchange holds the stock of the size and colour sent in its place from the
 * request on; a line declined gives it back.
 */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    action: text('action').notNull(),
    exchangeColorName: text('exchange_color_name'),
    exchangeSize: text('exchange_size'),
    state: text('state').notNull().default('requested'),
    /** The refund paying a returned line back, owed when the shop has the items. */
    refundId: uuid('refund_id').references(() => refunds.id),
    refundPaise: integer('refund_paise'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** Why the shop declined the line (before receipt) or failed its check (after): the shopper reads it. */
    declineReason: text('decline_reason'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The reverse pickup booked with the courier: its return AWB. */
    pickupCourier: text('pickup_courier'),
    pickupAwb: text('pickup_awb'),
    pickupTrackingUrl: text('pickup_tracking_url'),
    pickupScheduledAt: timestamp('pickup_scheduled_at', { withTimezone: true }),
    /** When the courier reported the return collected from her (its event for the return AWB). */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    /** The quality check on arrival (tags on, unworn) and the note the desk wrote with it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkNote: text('check_note'),
    restockedAt: timestamp('restocked_at', { withTimezone: true }),
    /** The parcel to the shopper: an exchange's replacement, or items sent back after a failed check. */
    outboundCourier: text('outbound_courier'),
    outboundAwb: text('outbound_awb'),
    outboundTrackingUrl: text('outbound_tracking_url'),
    outboundShippedAt: timestamp('outbound_shipped_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('order_return_lines_order_idx').on(t.orderId),
    // The courier's tracking webhook finds a reverse pickup by its return AWB.
    index('order_return_lines_pickup_awb_idx')
      .on(t.pickupAwb)
      .where(sql`${t.pickupAwb} is not null`),
    // The returns desk: oldest request first, the next page after (requested_at, id).
    index('order_return_lines_desk_idx').on(t.requestedAt, t.id),
    uniqueIndex('order_return_lines_item_key').on(t.orderItemId),
    // Replacements waiting to be packed, oldest first: the dispatch queue's exchanges.
    index('order_return_lines_replacements_idx')
      .on(t.receivedAt)
      .where(sql`${t.state} = 'replacement_queued'`),
    check('order_return_lines_action_check', oneOf(t.action, returnActions)),
    check('order_return_lines_state_check', oneOf(t.state, returnLineStates)),
    check('order_return_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'order_return_lines_exchange_check',
      sql`(${t.action} = 'exchange') = (${t.exchangeColorName} is not null and ${t.exchangeSize} is not null)`,
    ),
  ],
);

/**
 * The morning dashboard's daily figures, one row per day in India (see features/dashboard): kept by
 * a job that recomputes the days whose orders changed (`sales_changes`), so a dashboard visit
 * reads at most a few hundred rows however many orders there are.
 */
export const salesDays = pgTable('sales_days', {
  day: date('day').primaryKey(),
  /** Orders placed that day whose money arrived. */
  orders: integer('orders').notNull(),
  /** What they paid, in paise, before refunds. */
  paidPaise: bigint('paid_paise', { mode: 'number' }).notNull(),
  /** Refunds owed or made on them (not the failed ones), in paise. */
  refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull(),
  prepaid: integer('prepaid').notNull(),
  cod: integer('cod').notNull(),
  /** Paid orders later cancelled. */
  cancelled: integer('cancelled').notNull(),
  /** Paid orders with a line asked back (and not declined). */
  returned: integer('returned').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Units and takings of each product sold on a day (paid orders not cancelled): a day holds a row per
 * product sold, so a range's top products sum a few thousand rows at most.
 */
export const salesDayProducts = pgTable(
  'sales_day_products',
  {
    day: date('day').notNull(),
    productId: uuid('product_id').notNull(),
    /** The name it was sold under (the product may be renamed or deleted since). */
    productName: text('product_name').notNull(),
    units: integer('units').notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/**
 * Units of each size sold on a day per category (paid orders not cancelled, sizes lower-cased):
 * the top sizes sum every category, bras' sell-through reads its own.
 */
export const salesDaySizes = pgTable(
  'sales_day_sizes',
  {
    day: date('day').notNull(),
    categorySlug: text('category_slug').notNull(),
    size: text('size').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.categorySlug, t.size] })],
);

/**
 * Days (in India) whose orders, refunds or returns changed since their figures were computed: one
 * row per change, written by a trigger in the changing transaction, so it becomes visible exactly
 * when the change does; the rollup job takes (deletes) the committed ones and recomputes their days.
 */
export const salesChanges = pgTable('sales_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  day: date('day').notNull(),
});

/**
 * The shop's internal notes on an order: read only in the back office, never in any answer a
 * shopper gets.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The shop's internal notes on a customer (a fitting preference, a call about a return): read
 * only in the back office, never in any answer the customer gets.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Every webhook delivery, stored raw, by the provider's event id (delivery is at least once).
 * `handledAt` is set in the transaction that applies the event, so an event is never marked
 * handled without its effect; a failed one stays unhandled and the provider's retry applies it.
 */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  payload: jsonb('payload'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The payment simulator's own books: the refunds it has made, as Razorpay would keep them. It is
 * the provider's side, kept in the database so that it outlives a crash of the shop's process
 * exactly as Razorpay's records would; the shop's code never reads it except through the
 * simulator provider.
 */
export const simulatorRefunds = pgTable(
  'simulator_refunds',
  {
    id: text('id').primaryKey(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    receipt: text('receipt'),
    notes: jsonb('notes'),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('simulator_refunds_payment_idx').on(t.providerPaymentId)],
);

/** The payment simulator's payments, as Razorpay keeps them for its orders (see above). */
export const simulatorPayments = pgTable(
  'simulator_payments',
  {
    id: text('id').primaryKey(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull(),
    method: text('method').notNull(),
    errorDescription: text('error_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('simulator_payments_order_idx').on(t.providerOrderId)],
);

/** Mail to send once the transaction that wrote it has committed; a worker delivers it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A mail is queued written (recipient, subject, text, html), or as a template and its data
    // when a database function queues it (it is written when delivered). Once delivered, the row
    // keeps only who it went to, its template, its times and the provider's message id: subject,
    // text, html and data are cleared, and the row itself is deleted after MAIL_RETENTION_DAYS.
    recipient: text('recipient'),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    template: text('template'),
    data: jsonb('data'),
    /**
     * The order whose GST invoice goes with the mail as a PDF, fetched (issued if due) when the
     * mail is delivered: the invoice is stored once, not copied into every mail row.
     */
    attachInvoiceOf: uuid('attach_invoice_of'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The id the mail server (or the outbox folder's transport) gave the delivered message. */
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    /** A worker that claims the mail pushes this forward, so no other worker sends it meanwhile. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    // The retention sweep finds delivered mails by when they were sent.
    index('mail_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    check(
      'mail_outbox_content_check',
      sql`${t.sentAt} is not null or (${t.template} is not null and ${t.data} is not null) or (${t.recipient} is not null and ${t.subject} is not null and ${t.text} is not null and ${t.html} is not null)`,
    ),
  ],
);

/**
 * Messages to phones (WhatsApp, SMS), written in the same transaction as the event that causes
 * them and sent by a worker after it commits. `event_key, channel, recipient` is unique, so an
 * event sends each channel to each number once however often it is queued. A row is claimed
 * (`sending`) before the provider is called; a claim that lapses (the process died during the
 * call) is never sent again blind: it waits, `unconfirmed`, for the provider's status webhook to
 * name it (WhatsApp echoes our row id), so no message goes twice.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventKey: text('event_key').notNull(),
    channel: text('channel').notNull(),
    /** 10 digits. */
    recipient: text('recipient').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    template: text('template').notNull(),
    /** The template's values; a sign-in code is never here (derived when sent). */
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** The WhatsApp message this SMS replaces (it failed or was not delivered in time). */
    fallbackOf: uuid('fallback_of'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_outbox_event_key').on(t.eventKey, t.channel, t.recipient),
    uniqueIndex('message_outbox_provider_id_key').on(t.channel, t.providerMessageId),
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('message_outbox_user_idx').on(t.userId, t.purpose),
    check('message_outbox_channel_check', sql`${t.channel} in ('whatsapp', 'sms')`),
    check(
      'message_outbox_status_check',
      sql`${t.status} in ('queued', 'sending', 'unconfirmed', 'sent', 'delivered', 'read', 'failed', 'cancelled')`,
    ),
  ],
);

/**
 * Each WhatsApp template's category as Meta last reported it (its `template_category_update`
 * webhook): sends are routed by it, so a template Meta made marketing goes to the marketing
 * endpoint and only with her consent. `changed_at` is the webhook's own time: an older or
 * replayed report never overwrites a newer one. A template with no row has its registered
 * category (packages/domain/src/messages.ts).
 */
export const whatsappTemplateCategories = pgTable(
  'whatsapp_template_categories',
  {
    templateName: text('template_name').notNull(),
    language: text('language').notNull(),
    metaTemplateId: text('meta_template_id'),
    category: text('category').notNull(),
    previousCategory: text('previous_category'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.templateName, t.language] }),
    check(
      'whatsapp_template_categories_category_check',
      sql`${t.category} in ('authentication', 'utility', 'marketing')`,
    ),
  ],
);

/**
 * Sign-in codes sent to a phone. The code itself is never stored: it is derived from the row's
 * random salt under a key of its own when the message is sent, and checked against its keyed
 * hash. A row is deleted when its code is used; `checks` counts every comparison (at most 5).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    checks: integer('checks').notNull().default(0),
    /** A signed-in shopper adding this number to her account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Facts about the database itself that must outlive any table's rows: `demo_seeded_at` says the
 * demo data was put in once, so an owner who empties a table never sees it come back.
 */
export const shopState = pgTable('shop_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who changed what in the back office, written in the same transaction as the change (so an
 * entry exists exactly when its change committed). `at` is kept to the millisecond, as the
 * log's cursor carries it; `before` and `after` hold only the fields the action changed.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Null once the account is deleted; the email stays to say who it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** `<entity>.<what changed>`, e.g. `order.status`, `staff.role`. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_entries_entity_idx').on(t.entity, t.entityId, t.at.desc(), t.id.desc()),
  ],
);

/** Numbers of grievance tickets: unique across processes, gaps allowed (GRV-2026-000123). */
export const grievanceTicketSequence = pgSequence('grievance_ticket_seq', { startWith: 1 });

/**
 * Shoppers' grievances (the e-commerce rules' complaint desk): taken from the public form with a
 * ticket number given at once, acknowledged within 48 hours, resolved within one month. The
 * shopper reads her ticket by number and email; the back office works the open ones.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticket: text('ticket').notNull(),
    name: text('name').notNull(),
    /** Stored lower-cased, as the lookup compares it. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    orderNumber: text('order_number').notNull().default(''),
    category: text('category', { enum: grievanceCategories }).notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: grievanceStatuses }).notNull().default('open'),
    /** What the shop did about it, as the shopper reads it once resolved. */
    resolution: text('resolution').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /**
     * The random half of the status link's token: the token is an HMAC of the ticket's id and this
     * salt under a key derived from the server's secret, so it is written again whenever a mail
     * needs it and is never stored. (Tickets from before the links had one are given theirs here.)
     */
    statusSalt: bytea('status_salt')
      .notNull()
      .default(sql`uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())`),
    /**
     * SHA-256 (hex) of the status link's token, set once a mail carried the link: the link is
     * checked against it, so the database alone never holds a working link.
     */
    statusTokenHash: text('status_token_hash'),
  },
  (t) => [
    uniqueIndex('grievances_ticket_key').on(t.ticket),
    index('grievances_status_created_idx').on(t.status, t.createdAt, t.id),
    index('grievances_created_idx').on(t.createdAt, t.id),
    check('grievances_status_check', oneOf(t.status, grievanceStatuses)),
    check('grievances_category_check', oneOf(t.category, grievanceCategories)),
  ],
);

/** The shop's replies (mailed to the shopper, shown on her status page) and internal notes. */
export const grievanceMessages = pgTable(
  'grievance_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'note'] }).notNull(),
    /** Null once the account is deleted; the email stays to say who wrote it. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('grievance_messages_grievance_idx').on(t.grievanceId, t.createdAt),
    check('grievance_messages_kind_check', oneOf(t.kind, ['reply', 'note'])),
  ],
);

/**
 * The shop's settings, one row per setting (`shopName`, `gstin`, `support`, ...), each value as
 * JSON. Read through one module (features/settings), which fills in a missing row with its
 * default; the owner's form rewrites the rows that changed.
 */
/**
 * The shop's editable pages (FAQ, policies), one row per page once an owner saved it. A page
 * without a row reads as the shop's original text, kept in the code (decision 0050), so an empty
 * database still shows every policy.
 */
export const shopPages = pgTable('shop_pages', {
  key: text('key').primaryKey(),
  /** The page's structure: FAQ topics with questions, or a policy's intro, call-out and sections. */
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A parcel the shop asked a courier to carry (one per order at a time). Written with the request
 * in state `requested`; a worker books it with the courier after commit (claimed with `FOR UPDATE
 * SKIP LOCKED`, our id as the courier's reference) and stores what the courier answered. Tracking
 * events move it and are kept in `events`, the timeline the shopper reads.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state').notNull().default('requested'),
    courier: text('courier'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    /** The courier's own ids (Shiprocket's order and shipment ids), for later calls. */
    courierRef: jsonb('courier_ref'),
    /** `[{ status, label, at, location }]`, oldest first. */
    events: jsonb('events')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Who asked for it, so the order's move to shipped is audited in their name. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a worker may book it next; a worker that claims it pushes this forward (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A failed delivery the shop must answer by this time (null when none is open). */
    ndrDeadline: timestamp('ndr_deadline', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId),
    uniqueIndex('shipments_awb_key').on(t.awb),
    index('shipments_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'requested'`),
    // One live shipment per order: a second request while one is open meets this key.
    uniqueIndex('shipments_open_order_key')
      .on(t.orderId)
      .where(sql`${t.state} not in ('failed', 'cancelled', 'rto_delivered')`),
    check('shipments_state_check', oneOf(t.state, shipmentStates)),
  ],
);

/**
 * Every tracking webhook delivery, stored raw by its event id before anything else; `handledAt`
 * is set in the transaction that applies it, so a repeat is a no-op and a failed one is applied
 * by the courier's retry.
 */
export const shipmentEvents = pgTable('shipment_events', {
  eventId: text('event_id').primaryKey(),
  awb: text('awb'),
  status: text('status'),
  payload: jsonb('payload'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Courier bookings under way, one per reference (a return line's pickup, a replacement parcel):
 * a second request for the same booking waits for the first instead of calling the courier too.
 * Rows live for the length of one booking; a stale one belongs to a process that died.
 */
export const courierBookingClaims = pgTable('courier_booking_claims', {
  reference: text('reference').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The courier simulator's own books: the parcels it booked, by the shop's reference, as a real
 * courier keeps them (so a booking repeated after a crash answers the same AWB).
 */
export const simulatorShipments = pgTable('simulator_shipments', {
  reference: text('reference').primaryKey(),
  awb: text('awb').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * India Post's PIN code directory, one row per delivery PIN: the checkout fills city and state
 * from it and the courier's zones read it. Loaded after the migrations (db/pincode-directory.ts)
 * from the directory package, never edited by the shop.
 */
export const pincodes = pgTable('pincodes', {
  pinCode: text('pin_code').primaryKey(),
  /** The district's usual name as a city ('Bengaluru', 'Delhi'), what shoppers type as a city. */
  city: text('city').notNull(),
  district: text('district').notNull(),
  /** The state or union territory as the GST state list names it. */
  state: text('state').notNull(),
  /** The post offices delivering to the PIN, first the one named most often. */
  offices: text('offices').array().notNull(),
});

/**
 * GST documents: a tax invoice per paid order and a credit note per refund of an invoiced order.
 * `figures` is a snapshot of every figure printed, so the document never changes with the order,
 * the product or the rates; `pdf` is the document's bytes, made once just after issuing, so every
 * download is the same file. The number is taken from `invoice_counters` in the transaction
 * that inserts the row (docs/decisions/0053).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'invoice' | 'credit-note' (packages/domain/src/gst.ts documentSeries). */
    kind: text('kind').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's refund; null on an invoice. */
    refundId: uuid('refund_id').references(() => refunds.id),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id'),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    /** Null from the issuing commit until the PDF is stored (rendered from `figures`). */
    pdf: bytea('pdf'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_key').on(t.kind, t.financialYear, t.sequence),
    // One invoice per order, one credit note per refund, however many issuers run at once.
    uniqueIndex('invoices_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_key')
      .on(t.refundId)
      .where(sql`${t.kind} = 'credit-note'`),
    index('invoices_order_idx').on(t.orderId),
    // The month's GSTR-1 export reads documents by issue date.
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit-note')`),
    check('invoices_sequence_check', sql`${t.sequence} > 0`),
  ],
);

/** The last number given in each series and financial year; its row is locked while issuing. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

// ---------- reviews ----------

/**
 * A product review. A shopper's review belongs to one delivered order line (one review per line,
 * the unique index decides a race); a demo review of the seed has no line and names its author
 * in `demo_author` instead. Only `approved` reviews are ever shown or counted in the stars.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The shown name of a seeded demo review ('Priya S.'); null for every shopper's review. */
    demoAuthor: text('demo_author'),
    /** The reviewed line's order number, for the moderation desk ('' for a demo review). */
    orderNumber: text('order_number').notNull().default(''),
    state: text('state', { enum: reviewStates }).notNull().default('pending'),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull(),
    recommend: boolean('recommend').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    /** The size of the order line, as bought. */
    sizeBought: text('size_bought').notNull(),
    /** Her usual size from her profile when she wrote the review; null when unknown. */
    usualSize: text('usual_size'),
    fitOverall: smallint('fit_overall'),
    fitBand: text('fit_band', { enum: bandFits }),
    fitCup: text('fit_cup', { enum: cupFits }),
    /** What the moderation desk should look at twice (profanity, a link, a phone, photos). */
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reasonCode: text('reason_code', { enum: reviewRejectReasons }),
    replyText: text('reply_text'),
    replyPublic: boolean('reply_public').notNull().default(false),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** When it was last sent for moderation: written, or resent after an edit. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_order_item_key').on(t.orderItemId),
    // The product page's list: approved reviews of one product, newest first.
    index('reviews_product_state_idx').on(t.productId, t.state, t.createdAt),
    // The moderation queue by keyset: one state, oldest submission first.
    index('reviews_queue_idx').on(t.state, t.submittedAt, t.id),
    index('reviews_user_idx').on(t.userId),
    check('reviews_state_check', oneOf(t.state, reviewStates)),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_fit_overall_check', sql`${t.fitOverall} between 1 and 5`),
    check('reviews_fit_band_check', oneOf(t.fitBand, bandFits)),
    check('reviews_fit_cup_check', oneOf(t.fitCup, cupFits)),
    check('reviews_reason_check', oneOf(t.reasonCode, reviewRejectReasons)),
    check('reviews_helpful_check', sql`${t.helpfulCount} >= 0`),
  ],
);

/** One "helpful" per account and review: the primary key refuses a second. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * A shopper's uploaded review photo (the file itself is a `media` row, cleaned of its metadata
 * like every upload): who uploaded it, so a review can attach only her own, and the review it is
 * attached to once sent. An attached photo is kept by the orphan sweep; an unattached one goes.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.userId] }),
    index('review_photos_review_idx').on(t.reviewId, t.position),
  ],
);

/** The review request mail of an order, queued once: the primary key makes a second run a no-op. */
export const reviewRequests = pgTable('review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Shoppers who followed the review request mail's unsubscribe link: they get no more. */
export const reviewMailOptOuts = pgTable('review_mail_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
