// Table shapes shared by both dialects. Money is integer kopecks, weight integer grams,
// times are epoch milliseconds (bigint, read back as numbers), booleans are 0/1.
import type { ColumnType, Generated, Insertable } from "kysely";

export interface SectionTable {
  id: Generated<number>;
  parent_id: number | null;
  slug: string;
  title: string;
  description: string;
  sort: number;
  /** bumped by every back-office edit: a save carrying an older version is refused */
  version: Generated<number>;
  /** 1C's «Ид» of the group this section was imported from (decision 087) */
  external_id: Generated<string | null>;
}

/** a section's own choice of storefront filters (decision 079); none: its parent's, or all */
export interface SectionFacetTable {
  section_id: number;
  /** a property code, or "brand" / "price" */
  code: string;
  sort: number;
  /** 1: offered in the filter panel */
  shown: number;
}

export type ProductKind = "product" | "set";

export interface ProductTable {
  id: Generated<number>;
  section_id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  description: string;
  brand: string;
  /** kopecks */
  price: number;
  /** kopecks, null when there is no discount */
  old_price: number | null;
  /** grams */
  weight: number;
  stock: number;
  /** 0..5, one decimal */
  rating: number;
  rating_count: number;
  popularity: number;
  /** JSON: ProductImage[] */
  images: string;
  /** JSON: string[] (video files or video-site links) */
  videos: string;
  /** set discount in percent; 0 for plain products */
  set_discount: number;
  created_at: number;
  /** weeks a product out of stock takes to arrive («Под заказ, 4–6 недель») */
  lead_weeks_min: Generated<number>;
  lead_weeks_max: Generated<number>;
  /** 1 shown on the storefront, 0 hidden (staff can still preview it) */
  published: Generated<number>;
  /** bumped by every back-office save: a save carrying an older version is refused */
  version: Generated<number>;
  /** epoch ms of the last back-office change (0: never edited) */
  updated_at: Generated<number>;
  /** 1C's «Ид» of the product this row was imported from (decision 087) */
  external_id: Generated<string | null>;
  /** 1: hidden by a full 1C update because 1C no longer listed it; shown again when it returns (decision 088) */
  exchange_hidden: Generated<number>;
  /** the article (1C's «Артикул» or typed by staff); "" when none: the id stands in (decision 099) */
  article: Generated<string>;
}

/** the address of a deleted product: it answers 410 Gone rather than 404 */
export interface DeletedProductTable {
  slug: string;
  product_id: number;
  deleted_at: number;
}

/** a single row (id 1) counting catalogue changes, so every app instance notices them */
/** one row (id 1): bumped by triggers on every table a shared page shows (migration 034) */
export interface PageVersionTable {
  id: number;
  version: number;
}

export interface CatalogGenerationTable {
  id: number;
  generation: number;
}

/** the products each catalogue generation changed (pruned); a generation without rows: everything */
export interface CatalogChangeTable {
  generation: number;
  product_id: number;
}

export type PropertyKind = "enum" | "multi" | "number";

export interface PropertyTable {
  id: Generated<number>;
  code: string;
  title: string;
  kind: PropertyKind;
  unit: string;
  sort: number;
  /** 1C's «Ид» of the property this row was imported from (decision 088) */
  external_id: Generated<string | null>;
  /** the schema.org term of a variant property: color, size, material, pattern or "" */
  schema_term: Generated<string>;
}

export interface ProductValueTable {
  product_id: number;
  property_id: number;
  value_text: string | null;
  value_num: number | null;
}

export interface SetItemTable {
  set_id: number;
  item_id: number;
  /** which variant of the item the set includes */
  variant_id: number;
  /** kopecks: the item's own price inside the set */
  price: number;
  /** grams */
  weight: number;
  qty: number;
  optional: number;
  sort: number;
}

export interface PageTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  /** trusted HTML written by the shop */
  body: string;
  sort: number;
  updated_at: number;
  version: Generated<number>;
}

export interface NewsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body: string;
  image: string;
  /** JSON: GalleryItem[] */
  gallery: string;
  published_at: number;
  /** the cover's alt text; "" for a decorative picture */
  image_alt: Generated<string>;
  version: Generated<number>;
}

export interface ContactPointTable {
  id: Generated<number>;
  title: string;
  city: string;
  address: string;
  /** JSON: string[] */
  phones: string;
  /** JSON: string[] */
  emails: string;
  hours: string;
  lat: number;
  lon: number;
  sort: number;
  /** "showroom" or "warehouse"; both hand out orders */
  kind: Generated<ContactPointKind>;
  version: Generated<number>;
}

export type ContactPointKind = "showroom" | "warehouse";

/** units of a variant at one pickup point; trimmed to the variant's stock (decision 068) */
export interface VariantPointStockTable {
  variant_id: number;
  point_id: number;
  qty: number;
}

/**
 * What is sold, counted and shipped: a variant of a model (a products row), docs/decisions/108-product-variants.md.
 * products.price/old_price/stock/weight are the summary of the published variants, kept by triggers.
 */
export interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  /** "" when none: the variant's id in six digits stands in */
  article: Generated<string>;
  /** kopecks */
  price: number;
  /** kopecks, null without a discount */
  old_price: number | null;
  stock: Generated<number>;
  /** grams; 0: unknown */
  weight: Generated<number>;
  position: Generated<number>;
  /** 1 offered, 0 not */
  published: Generated<number>;
  /** JSON: ProductImage[], shown before the model's general ones */
  images: Generated<string>;
  /** 1C's «Ид» of the offer («товар#характеристика») */
  external_id: Generated<string | null>;
  /** 1: unpublished by a full 1C offers package (as products, decision 088) */
  exchange_hidden: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** a variant's own property values (its colour, its size) */
export interface ProductVariantValueTable {
  variant_id: number;
  property_id: number;
  value_text: string | null;
  value_num: number | null;
}

/** which properties make variants in a section; none: the nearest ancestor's set */
export interface SectionVariantPropertyTable {
  section_id: number;
  property_id: number;
  position: number;
  /** "swatch" or "buttons" */
  display: Generated<string>;
}

/** the colour or picture a property value shows as a swatch */
export interface PropertySwatchTable {
  property_id: number;
  value: string;
  /** #RRGGBB or "" */
  color: Generated<string>;
  /** a media path or "" */
  image: Generated<string>;
}

/** an old product address answering 301 to a model (and its variant) */
export interface ProductRedirectTable {
  slug: string;
  product_id: number;
  variant_id: number | null;
  created_at: number;
}

export interface SessionTable {
  id: string;
  user_id: number | null;
  /** JSON object */
  data: string;
  created_at: number;
  expires_at: number;
}

export interface Database {
  sections: SectionTable;
  section_facets: SectionFacetTable;
  products: ProductTable;
  properties: PropertyTable;
  product_values: ProductValueTable;
  set_items: SetItemTable;
  pages: PageTable;
  news: NewsTable;
  contact_points: ContactPointTable;
  variant_point_stock: VariantPointStockTable;
  product_variants: ProductVariantTable;
  product_variant_values: ProductVariantValueTable;
  section_variant_properties: SectionVariantPropertyTable;
  property_swatches: PropertySwatchTable;
  product_redirects: ProductRedirectTable;
  sessions: SessionTable;
  users: UserTable;
  password_reset_tokens: PasswordResetTokenTable;
  pending_registrations: PendingRegistrationTable;
  profile_files: ProfileFileTable;
  search_documents: SearchDocumentTable;
  form_submissions: FormSubmissionTable;
  cart_lines: CartLineTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_status_history: OrderStatusHistoryTable;
  reviews: ReviewTable;
  favorites: FavoriteTable;
  audit_log: AuditLogTable;
  deleted_products: DeletedProductTable;
  catalog_generation: CatalogGenerationTable;
  page_version: PageVersionTable;
  catalog_changes: CatalogChangeTable;
  import_sessions: ImportSessionTable;
  import_rows: ImportRowTable;
  import_values: ImportValueTable;
  site_banner: SiteBannerTable;
  lift_tariffs: LiftTariffTable;
  payments: PaymentTable;
  refunds: RefundTable;
  refund_lines: RefundLineTable;
  promo_codes: PromoCodeTable;
  promo_uses: PromoUseTable;
  stock_subscriptions: StockSubscriptionTable;
  yml_feed_settings: YmlFeedSettingsTable;
  exchange_sessions: ExchangeSessionTable;
  exchange_imports: ExchangeImportTable;
  exchange_staging: ExchangeStagingTable;
  exchange_property_values: ExchangePropertyValueTable;
  exchange_pictures: ExchangePictureTable;
}

/** the Yandex Market feed's settings: one row, id 1 */
export interface YmlFeedSettingsTable {
  id: number;
  /** JSON: section ids left out of the feed */
  excluded_sections: string;
  version: number;
  updated_at: number;
  /** at most 20 characters (Market's limit) */
  shop_name: Generated<string>;
  company: Generated<string>;
  /** whole roubles */
  delivery_cost: Generated<number>;
  /** «2» or «1-3» */
  delivery_days: Generated<string>;
  /** at most 50 characters */
  sales_notes: Generated<string>;
  /** JSON: the files of the last build (decision 090); null before the first */
  built_file: Generated<string | null>;
  /** JSON: the build before it, removed after the next one */
  previous_file: Generated<string | null>;
}

/** one 1C exchange session, from `checkauth` on (decision 087) */
export interface ExchangeSessionTable {
  /** the cookie value 1C sends back */
  id: string;
  staff_id: number | null;
  started_at: number;
  updated_at: number;
  /** open | done | failed */
  status: Generated<string>;
  /** JSON: { [file name]: { key, bytes, removed? } } */
  files: Generated<string>;
  /** bytes the session's parts reserved against its limit, one conditional UPDATE each (decision 100) */
  bytes: Generated<number>;
  /** JSON: what the imports counted: { sections, properties, created, updated, hidden, offers, missing, pictures, errors } */
  counts: Generated<string>;
  /** JSON: string[] */
  errors: Generated<string>;
  /** JSON: { at: query time, orders: { [order id]: fingerprint } } sent by this session's last `type=sale&mode=query` (decision 089) */
  sent_orders: Generated<string>;
}

/** one payment asked of the online gateway for an order */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  /** the gateway (PaymentProvider.name) */
  provider: string;
  provider_payment_id: string;
  idempotence_key: string;
  /** kopecks */
  amount: number;
  /** pending, succeeded or canceled */
  status: Generated<string>;
  confirmation_url: Generated<string>;
  /** the settlement receipt sent on handover; null until then */
  settlement_receipt_id: string | null;
  /** JSON of what the payment sold (SoldLine[], app/features/payments/payment-receipt.ts); null for payments made before migration 039 */
  sold_lines: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

/** the units one refund returns of one line a payment sold (decision 101) */
export interface RefundLineTable {
  id: Generated<number>;
  payment_id: number;
  /** the refund's idempotence key (refunds.idempotence_key once the gateway has made it) */
  idempotence_key: string;
  /** "line:<order line id>", "delivery", "lifting" or "goodwill" */
  line_key: string;
  title: string;
  qty: number;
  /** kopecks */
  amount: number;
  created_at: number;
}

/** money returned through the gateway for a succeeded payment */
export interface RefundTable {
  id: Generated<number>;
  payment_id: number;
  provider_refund_id: string;
  idempotence_key: string;
  /** kopecks */
  amount: number;
  /** pending, succeeded or canceled */
  status: string;
  created_at: number;
  updated_at: number;
}

/** a promo code; `code` upper-cased, `amount` percent or kopecks by `kind` */
export interface PromoCodeTable {
  id: Generated<number>;
  code: string;
  kind: string;
  amount: number;
  min_sum: number;
  /** JSON array of section ids (their subsections too); [] for the whole catalogue */
  section_ids: string;
  /** Moscow days YYYY-MM-DD, inclusive; null: open-ended */
  valid_from: string | null;
  valid_to: string | null;
  total_limit: number | null;
  per_customer_limit: number | null;
  uses: Generated<number>;
  enabled: number;
  version: Generated<number>;
  created_at: number;
}

/** how many orders one customer placed with a promo code */
export interface PromoUseTable {
  promo_id: number;
  /** `u:<user id>`, `p:<phone>` or `e:<e-mail>` */
  customer: string;
  uses: number;
}

/** «Сообщить о поступлении»: pending until the e-mailed link is followed, notified once */
export interface StockSubscriptionTable {
  id: Generated<number>;
  product_id: number;
  variant_id: number;
  email: string;
  /** SHA-256 (hex) of the token in the confirmation and unsubscribe links */
  token_hash: string;
  /** pending | confirmed | notified */
  status: Generated<string>;
  consent_version: string;
  created_at: number;
  confirmed_at: number | null;
  notified_at: number | null;
}

/** an uploaded catalogue CSV kept between its preview and «Применить» (one hour, its uploader only) */
export interface ImportSessionTable {
  id: string;
  staff_id: number;
  file_name: string;
  created_at: number;
  /**
   * reading (the preview is being built) → ready, or failed with `error` (decision 098); ready →
   * applying («Применить» is writing) → applied, or ready again with the refusal in `error` (decision 103)
   */
  status: Generated<"reading" | "ready" | "failed" | "applying" | "applied">;
  error: string | null;
  /** JSON ImportSummary: encoding, separator, counts, the first titles, the file's property ids */
  summary: Generated<string>;
}

/** one row of an uploaded CSV as planned (decision 098) */
export interface ImportRowTable {
  session_id: string;
  line: number;
  kind: "create" | "change" | "unchanged" | "error";
  product_id: number | null;
  version: number | null;
  slug: string | null;
  title: string | null;
  section_id: number | null;
  price: number | null;
  old_price: number | null;
  stock: number | null;
  published: number | null;
  /** JSON: FieldChange[] of a change, the reason (string) of an error */
  detail: string | null;
  /** the variant the row writes (section 7 of decision 108); null: the model's only one */
  variant_id: number | null;
  article: string | null;
}

/** the property values of an import row (several rows for a multi property) */
export interface ImportValueTable {
  session_id: string;
  line: number;
  property_id: number;
  value_text: string | null;
  value_num: number | null;
}

/** the lifting tariffs, kopecks (row id 1) */
export interface LiftTariffTable {
  id: number;
  stairs_per_floor_per_50kg: number;
  passenger_lift_per_50kg: number;
  freight_lift_per_100kg: number;
  version: number;
  updated_at: number;
}

/** the one warning banner above every storefront page (row id 1) */
export interface SiteBannerTable {
  id: number;
  /** the cookie that hides it */
  cookie_key: string;
  text: string;
  enabled: number;
  /** Moscow days, YYYY-MM-DD, inclusive; null: open-ended */
  starts_on: string | null;
  ends_on: string | null;
  version: number;
  updated_at: number;
}

/** one staff action, append-only (the back office's «Журнал») */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  /** JSON */
  before: string;
  /** JSON */
  after: string;
  created_at: number;
}

/** a product an account keeps in «Избранное» (guests keep theirs in the session) */
export interface FavoriteTable {
  user_id: number;
  product_id: number;
  variant_id: number;
  created_at: number;
}

/** a product review; shown only once approved (1) */
export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  /** 1..5 */
  rating: number;
  text: string;
  name: string;
  consent_version: string;
  consent_at: number;
  approved: Generated<number>;
  created_at: number;
  /** «Достоинства» and «Недостатки», empty when not given */
  pros: Generated<string>;
  cons: Generated<string>;
  /** JSON: ReviewPhoto[] */
  photos: Generated<string>;
  /** how many visitors marked the review useful */
  helpful: Generated<number>;
  /** set when a moderator rejected it («Отклонить»): why */
  rejected_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** set when a published review was taken down («Скрыть») */
  hidden_at: ColumnType<number | null, number | null | undefined, number | null>;
  moderated_at: ColumnType<number | null, number | null | undefined, number | null>;
  moderated_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CartLineTable {
  id: Generated<number>;
  /** `s:<session id>` or `u:<user id>` */
  owner: string;
  /** the model */
  product_id: number;
  /** what is bought: two fabrics of one sofa are two lines */
  variant_id: number;
  /** JSON array of included set item ids, sorted; "[]" for plain products */
  items: string;
  qty: number;
  created_at: number;
  updated_at: number;
  /** kopecks per unit the shopper saw when adding (null: added before prices could change) */
  price_seen: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderTable {
  id: Generated<number>;
  number: string;
  owner: string;
  user_id: number | null;
  idempotency_key: string;
  status: string;
  name: string;
  phone: string;
  email: string;
  delivery_type: string;
  pickup_point_id: number | null;
  address: string;
  floor: number | null;
  lift: string | null;
  delivery_date: string;
  delivery_time: string;
  comment: string;
  items_total: number;
  discount: number;
  delivery_cost: number;
  lifting_cost: number;
  total: number;
  weight: number;
  consent_version: string;
  consent_at: number;
  created_at: number;
  /** bumped by every back-office edit: a save carrying an older version is refused (two staff, one order) */
  version: Generated<number>;
  /** the manager's own note, never shown to the customer */
  manager_note: Generated<string>;
  /** the name lowered for the back office's search (app/features/orders/order-workflow.ts searchableName) */
  search_name: Generated<string>;
  /** "on_receipt" or "online" (app/features/payments/payments.server.ts) */
  payment_method: Generated<string>;
  /** when an online payment succeeded (epoch ms); null: not paid online */
  paid_at: number | null;
  /** the promo code the order was placed with (upper-cased), null without one */
  promo_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** kopecks the promo code took off the goods; `total` is already less this */
  promo_discount: Generated<number>;
  /** where the order was placed: "checkout" or "one_click" («Купить в 1 клик», decision 083) */
  source: Generated<string>;
  /** fingerprint of the CommerceML document 1C last confirmed for this order; null: never exported (decision 089) */
  exported_1c_hash: Generated<string | null>;
  /** when the document 1C confirmed was read (the query's time, epoch ms); null: never exported */
  exported_1c_at: Generated<
    number | null
  >; /** how lifting_cost was priced (app/features/delivery/delivery-pricing.ts LiftingPricing): by the tariffs, to be quoted by the manager, or quoted */
  lifting_pricing: Generated<string>;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  kind: string;
  title: string;
  slug: string;
  /** JSON: titles of the included set items */
  items: string;
  qty: number;
  price: number;
  weight: number;
  /** the variant sold (no foreign key: orders outlive the catalogue); null: none recorded */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON VariantValue[] (app/lib/variant-values.ts) as sold; "[]" for none */
  variant_values: Generated<string>;
  /** the article as sold; "": what the variant has now */
  article: Generated<string>;
}

/** one status an order went through (app/features/orders/order-status.ts), oldest first by created_at */
export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: string;
  created_at: number;
  /** the staff member who made the change (null: the shop itself, e.g. at checkout) */
  actor_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** shown instead of the account when a system acted through it («1С», decision 089) */
  actor_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** "status" (a move, or a note), "payment" (money came in) or "refund" (money went back) */
  kind: ColumnType<string, string | undefined, string>;
  /** kopecks of a payment or a refund */
  amount: ColumnType<number | null, number | null | undefined, number | null>;
}

/** a callback or feedback submission; also the consent log (version and time of the consent) */
export interface FormSubmissionTable {
  id: Generated<number>;
  form: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  /** JSON object: the other validated fields */
  fields: string;
  /** JSON: FormAttachment[] */
  attachments: string;
  consent_version: string;
  consent_at: number;
  client_address: string;
  user_agent: string;
  session_id: string | null;
  mailed_at: number | null;
  created_at: number;
  /** "new" | "in_progress" | "closed" (app/features/requests/request-status.ts) */
  status: Generated<string>;
  /** the staff member handling it */
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** staff's note, never shown to the visitor */
  note: Generated<string>;
  /** bumped by every staff save: a stale save is refused */
  version: Generated<number>;
}

/** pre-stemmed words of a product (FTS5 table on SQLite, tsvector-backed on PostgreSQL) */
export interface SearchDocumentTable {
  product_id: number;
  stems: string;
}

export interface UserTable {
  id: Generated<number>;
  /** lower-cased, trimmed */
  email: string;
  name: string;
  /** +7XXXXXXXXXX or "" */
  phone: string;
  /** argon2id PHC string */
  password_hash: string;
  /** JSON object: account-level copies of session lists (see users.server.ts) */
  saved_data: string;
  created_at: number;
  updated_at: number;
  password_changed_at: number;
  /** null for customers; a staff role otherwise (app/features/staff/staff-roles.ts) */
  role: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasswordResetTokenTable {
  /** sha256 hex of the e-mailed token; the token itself is never stored */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A registration waiting for its e-mail confirmation (the account does not exist yet). */
export interface PendingRegistrationTable {
  /** sha256 hex of the e-mailed token; the token itself is never stored */
  token_hash: string;
  /** lower-cased, trimmed */
  email: string;
  name: string;
  phone: string;
  /** argon2id PHC string of the password chosen at registration */
  password_hash: string;
  created_at: number;
  expires_at: number;
}

export interface ProfileFileTable {
  /** 32 hex characters, also the file name under UPLOAD_DIR */
  id: string;
  user_id: number;
  /** "files" (the profile's list) or "avatar" (single-file: one per user) */
  purpose: string;
  /** sanitised display name, never used as a path */
  name: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  created_at: number;
}

export type NewSection = Insertable<SectionTable>;
export type NewProduct = Insertable<ProductTable>;
export type NewProductValue = Insertable<ProductValueTable>;
export type NewSetItem = Insertable<SetItemTable>;
export type NewPage = Insertable<PageTable>;
export type NewNews = Insertable<NewsTable>;
export type NewContactPoint = Insertable<ContactPointTable>;

export interface ProductImage {
  /** path without width and extension, e.g. /media/products/sofa-green; files are <src>-<w>.webp|avif */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface GalleryItem {
  type: "image" | "video" | "embed";
  src: string;
  title: string;
  poster?: string;
}

/** one file's import progress in an exchange session (decision 088) */
export interface ExchangeImportTable {
  session_id: string;
  file: string;
  /** JSON: ImportState (exchange-1c-import.server.ts) */
  state: string;
  updated_at: number;
}

/** a record read from a 1C file, waiting to be applied (decision 088) */
export interface ExchangeStagingTable {
  session_id: string;
  file: string;
  /** the record's place in the file, from 0 */
  seq: number;
  /** group | property | product | priceType | offer */
  kind: string;
  /** 1C's «Ид» of the product (products and offers), to find what a full update left out */
  external_id: string | null;
  /** JSON: the CmlRecord */
  data: string;
  raised: Generated<number>;
}

/** a reference value of a 1C property, by its «ИдЗначения» (decision 088) */
export interface ExchangePropertyValueTable {
  external_id: string;
  property_id: number;
  value: string;
}

/** a picture a 1C import stored for a product, by the hash of the file 1C sent (decision 088) */
export interface ExchangePictureTable {
  product_id: number;
  source_hash: string;
  src: string;
  width: number;
  height: number;
}
